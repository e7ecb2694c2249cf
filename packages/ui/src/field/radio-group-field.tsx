import { useId } from 'react';
import styles from './radio-group-field.module.css';

export interface RadioOption<T extends string> {
  value: T;
  label: string;
  /** One line under the label, read as the option's description. */
  hint?: string;
}

export interface RadioGroupFieldProps<T extends string> {
  /** The group's title (its fieldset legend, read when focus enters the group). */
  legend: string;
  options: readonly RadioOption<T>[];
  value: T;
  onValueChange: (value: T) => void;
}

/**
 * One choice out of a few, as the browser's own radio buttons in a fieldset: arrow keys move and choose, Tab
 * leaves the group, and screen readers say the legend, the option and its hint. The whole row (label and hint)
 * is the click target, tall enough for a thumb; the name is the label alone, the hint its description.
 */
export function RadioGroupField<T extends string>({ legend, options, value, onValueChange }: RadioGroupFieldProps<T>) {
  const id = useId();
  return (
    // The radiogroup role (named by the legend) is how assistive technology expects a set of radios to be announced.
    <fieldset className={styles.group} role="radiogroup" aria-labelledby={`${id}-legend`}>
      <legend id={`${id}-legend`} className={styles.legend}>
        {legend}
      </legend>
      {options.map((option, index) => {
        const labelId = `${id}-${index}-label`;
        const hintId = option.hint ? `${id}-${index}-hint` : undefined;
        return (
          <label key={option.value} className={styles.option}>
            <input
              type="radio"
              className={styles.radio}
              name={id}
              value={option.value}
              checked={option.value === value}
              onChange={() => onValueChange(option.value)}
              aria-labelledby={labelId}
              aria-describedby={hintId}
            />
            <span className={styles.text}>
              <span id={labelId} className={styles.label}>
                {option.label}
              </span>
              {option.hint && (
                <span id={hintId} className={styles.hint}>
                  {option.hint}
                </span>
              )}
            </span>
          </label>
        );
      })}
    </fieldset>
  );
}
