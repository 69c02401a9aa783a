import { useDeferredValue, useMemo, useState } from 'react';
import { ErrorBlock, IndexBar, List, SearchBar } from 'antd-mobile';
import CheckOutline from 'antd-mobile-icons/es/CheckOutline';
import { useLingui } from '@lingui/react/macro';
import { useAtomValue, useSetAtom } from 'jotai';
import { AREAS } from '@contract/domain/areas';
import { languageAtom } from '@/lib/state';
import { groupAreas, localizeAreas, type AreaItem } from '../model/areas';
import { areaAtom, selectedAreaAtom } from '../state/area';
import styles from './area.module.css';

export interface AreaPickerProps {
  /** Called after the choice is stored, typically to go back to the form that asked. */
  onPicked: (area: AreaItem) => void;
}

export function AreaPicker({ onPicked }: AreaPickerProps) {
  const { t } = useLingui();
  const locale = useAtomValue(languageAtom);
  const current = useAtomValue(areaAtom);
  const setSelected = useSetAtom(selectedAreaAtom);
  const [query, setQuery] = useState('');
  const deferredQuery = useDeferredValue(query);

  const items = useMemo(() => localizeAreas(AREAS, locale), [locale]);
  const groups = useMemo(() => groupAreas(items, locale, deferredQuery), [items, locale, deferredQuery]);

  const pick = (item: AreaItem) => {
    setSelected({ iso: item.iso, dialCode: item.dialCode });
    onPicked(item);
  };

  return (
    <div className={styles.picker}>
      <div className={styles.search}>
        <SearchBar
          value={query}
          onChange={setQuery}
          placeholder={t`Search by country, area or code`}
          aria-label={t`Search by country, area or code`}
        />
      </div>
      {groups.length === 0 ? (
        <ErrorBlock
          status="empty"
          title={t`No country or area matches your search.`}
          description={t`Try another name or a dialling code such as +852.`}
        />
      ) : (
        <IndexBar className={styles.index} sticky>
          {groups.map((group) => (
            <IndexBar.Panel key={group.index} index={group.index} title={group.index}>
              <List>
                {group.items.map((item) => {
                  const chosen = item.iso === current.iso && item.dialCode === current.dialCode;
                  return (
                    <List.Item
                      key={`${item.iso}-${item.dialCode}`}
                      onClick={() => pick(item)}
                      arrow={false}
                      extra={
                        <span className={chosen ? styles.chosen : styles.code}>
                          +{item.dialCode}
                          {chosen && <CheckOutline className={styles.check} aria-hidden />}
                        </span>
                      }
                      aria-selected={chosen}
                    >
                      <span className={styles.name}>{item.name}</span>
                    </List.Item>
                  );
                })}
              </List>
            </IndexBar.Panel>
          ))}
        </IndexBar>
      )}
    </div>
  );
}
