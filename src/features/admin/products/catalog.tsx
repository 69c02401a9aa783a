import { useState, type ReactNode } from 'react';
import { PagedTable, type PagedTableProps } from '../components';
import { ListWithDetail } from './form';

/**
 * What a catalog section (products, durations, coupons) has open in its form: a row of its list,
 * or the draft its "new" buttons start, and the key that reloads the list after a save.
 */
export function useCatalogEditor<Editing>() {
  const [editing, setEditing] = useState<Editing | null>(null);
  const [reload, setReload] = useState(0);
  return {
    editing,
    edit: setEditing,
    reload,
    /** The form's onSaved: closes it and reloads the list from page 1, where the saved row shows. */
    saved: () => {
      setEditing(null);
      setReload((n) => n + 1);
    },
    /** The form's onCancel. */
    close: () => setEditing(null),
  };
}

type CatalogEditor<Editing> = ReturnType<typeof useCatalogEditor<Editing>>;

type CatalogListProps<Row extends Editing, Editing> = Omit<PagedTableProps<Row>, 'reloadKey' | 'onRowClick'> & {
  editor: CatalogEditor<Editing>;
  /** The open form, beside the list. */
  detail: ReactNode;
};

/** A catalog's paged list; a row clicked opens in the form beside it. */
export function CatalogList<Row extends Editing, Editing>({
  editor,
  detail,
  ...table
}: CatalogListProps<Row, Editing>) {
  return (
    <ListWithDetail
      list={<PagedTable {...table} reloadKey={editor.reload} onRowClick={(row) => editor.edit(row)} />}
      detail={detail || undefined}
    />
  );
}
