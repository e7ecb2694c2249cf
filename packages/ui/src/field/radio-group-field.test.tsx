import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { RadioGroupField } from './radio-group-field';

const OPTIONS = [
  { value: 'low', label: 'Low', hint: 'Saves data' },
  { value: 'high', label: 'High', hint: 'Sounds best' },
  { value: 'plain', label: 'Plain' },
] as const;

function Speed({ seen = [] as string[] }) {
  const [value, setValue] = useState<(typeof OPTIONS)[number]['value']>('low');
  return (
    <RadioGroupField
      legend="Speed"
      options={OPTIONS}
      value={value}
      onValueChange={(next) => {
        seen.push(next);
        setValue(next);
      }}
    />
  );
}

describe('RadioGroupField', () => {
  it('is a radio group named by its legend, each option named by its label and described by its hint', () => {
    render(<Speed />);
    expect(screen.getByRole('radiogroup', { name: 'Speed' })).toBeInTheDocument();
    const low = screen.getByRole('radio', { name: 'Low' });
    expect(low).toBeChecked();
    expect(low).toHaveAccessibleDescription('Saves data');
    expect(screen.getByRole('radio', { name: 'Plain' })).not.toHaveAttribute('aria-describedby');
  });

  it('chooses by a click anywhere on the row, the hint included', async () => {
    const seen: string[] = [];
    render(<Speed seen={seen} />);
    await userEvent.click(screen.getByText('Sounds best'));
    expect(screen.getByRole('radio', { name: 'High' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Low' })).not.toBeChecked();
    expect(seen).toEqual(['high']);
  });

  it('moves and chooses with the arrow keys, as native radios do', async () => {
    const seen: string[] = [];
    render(<Speed seen={seen} />);
    await userEvent.tab();
    expect(screen.getByRole('radio', { name: 'Low' })).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    expect(screen.getByRole('radio', { name: 'High' })).toBeChecked();
    expect(seen).toEqual(['high']);
  });
});
