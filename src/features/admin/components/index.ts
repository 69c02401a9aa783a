/**
 * The console's toolkit, for every section file in `src/features/admin/sections/`:
 *
 * - `SectionPage({title, actions})` - a section's page frame; `Split({list, detail})` a list
 *   beside the selected record (stacked on a phone); `Panel({title})`, `Fields({items})` (label
 *   and value pairs), `AdminButton({kind: 'primary' | 'danger'})` (44 px), `Tag({tone})`.
 * - `PagedTable({columns, load, rowKey, reloadKey, onRowClick, selectedKey, empty})` - calls
 *   `load(page)` (any `pagedSchema` reply: `{data, current_page, last_page}`), shows loading,
 *   empty, failed-with-retry, "Load more" and "No more data". Change `reloadKey` to start over
 *   from page 1 after a filter change or an action.
 * - `FilterBar`, `SelectFilter({label, value, options, onChange})`,
 *   `SearchFilter({label, value, onSearch})` - filters above a table.
 * - `useConfirm()` - `{confirm, dialog}`: render `{dialog}`, then
 *   `await confirm({title, body, reason: 'required' | 'optional', typeToConfirm: '100 USDT', danger}, (reason) => call(...))`.
 *   Anything that moves money passes `typeToConfirm` (the staff member types the amount before
 *   the button works). Resolves true when the action succeeded, false when cancelled; a failed
 *   call keeps the dialog open (the HTTP client shows its message). `ConfirmDialog` is the
 *   controlled component behind it; `ReasonField` the reason input alone.
 * - `DiffView({before, after})` - the audit log's before/after of a record, changed fields first.
 * - `AdminImage({src, alt})` - a user's upload (`/api/upload/<name>`) read through
 *   `/api/admin/upload/<name>` with the staff session.
 * - `useStaff()` - the signed-in staff member (`/admin/me`: id, nickname, role) for role checks.
 *
 * Strings in sections use Lingui macros; they land in the `admin` catalog (this folder).
 */
export { PagedTable, Tag, type AdminPage, type Column, type PagedTableProps } from './PagedTable';
export { FilterBar, SelectFilter, SearchFilter } from './Filters';
export { ConfirmDialog, useConfirm, type ConfirmOptions } from './ConfirmDialog';
export { ReasonField, REASON_MAX } from './ReasonField';
export { DiffView, diffRows, type DiffRow } from './DiffView';
export { AdminImage, adminUploadPath } from './AdminImage';
export { SectionPage, Split, Panel, Fields, AdminButton } from './Layout';
export { useStaff } from '../staff';
