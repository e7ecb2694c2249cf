import { useRef, type KeyboardEvent } from 'react';
import styles from './search-screen.module.css';

export interface Chip<K extends string> {
  key: K;
  label: string;
}

/**
 * The filter chips as a tablist (WAI-ARIA tabs, automatic activation): one Tab stop, ←/→ (and Home/End) move to and
 * choose a chip, the chosen one controls `panelId`. On a phone the row scrolls sideways instead of wrapping.
 */
export function SearchChips<K extends string>({ chips, selected, onSelect, panelId, idOf }: { chips: readonly Chip<K>[]; selected: K; onSelect: (key: K) => void; panelId: string; idOf: (key: K) => string }) {
  const list = useRef<HTMLDivElement>(null);
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const at = chips.findIndex((chip) => chip.key === selected);
    const next = { ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: chips.length - 1 }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    const chip = chips[(next + chips.length) % chips.length]!;
    onSelect(chip.key);
    list.current?.querySelector<HTMLElement>(`#${CSS.escape(idOf(chip.key))}`)?.focus();
  };
  return (
    <div ref={list} role="tablist" aria-label="Show results for" className={styles.chips} onKeyDown={onKeyDown}>
      {chips.map((chip) => {
        const active = chip.key === selected;
        return (
          <button
            key={chip.key}
            id={idOf(chip.key)}
            type="button"
            role="tab"
            aria-selected={active}
            aria-controls={panelId}
            tabIndex={active ? 0 : -1}
            className={active ? `${styles.chip} ${styles.chipActive}` : styles.chip}
            onClick={() => onSelect(chip.key)}
          >
            {chip.label}
          </button>
        );
      })}
    </div>
  );
}
