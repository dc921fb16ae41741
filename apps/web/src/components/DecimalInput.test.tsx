// @vitest-environment jsdom
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import i18n from '../i18n/index.ts';
import { shimMantineBrowser } from '../testing/jsdom.ts';
import { DecimalInput, type DecimalValue } from './DecimalInput.tsx';
import { SLIDER_SAVE_DELAY, SliderControl } from '../areas/inspections/controls.tsx';
import type { FormField } from '../areas/inspections/model.ts';

beforeAll(shimMantineBrowser);
afterEach(cleanup);

function Held({ initial = '' as DecimalValue, decimals, onChange }: { initial?: DecimalValue; decimals?: number; onChange: (v: DecimalValue) => void }) {
  const [v, setV] = useState<DecimalValue>(initial);
  return (
    <MantineProvider>
      <DecimalInput
        aria-label="Value"
        value={v}
        decimals={decimals}
        onChange={(n) => {
          setV(n);
          onChange(n);
        }}
      />
    </MantineProvider>
  );
}
const input = () => screen.getByLabelText('Value') as HTMLInputElement;

describe.each(['fr', 'en'])('DecimalInput in %s', (lang) => {
  beforeAll(() => i18n.changeLanguage(lang));

  it('takes "12.4" and "12,4" as 12.4, never 124, and shows it in the locale once left', () => {
    const onChange = vi.fn();
    render(<Held onChange={onChange} />);
    fireEvent.change(input(), { target: { value: '12.4' } });
    expect(onChange).toHaveBeenLastCalledWith(12.4);
    fireEvent.change(input(), { target: { value: '12,4' } });
    expect(onChange).toHaveBeenLastCalledWith(12.4);
    fireEvent.blur(input());
    expect(input().value).toBe(lang === 'fr' ? '12,4' : '12.4');
    fireEvent.change(input(), { target: { value: '' } });
    expect(onChange).toHaveBeenLastCalledWith('');
  });

  it('says why a text is refused and sends nothing: not a number, more decimals than the field keeps', () => {
    const onChange = vi.fn();
    render(<Held onChange={onChange} decimals={2} initial={5} />);
    expect(input().value).toBe('5');
    fireEvent.change(input(), { target: { value: '12,345' } });
    fireEvent.change(input(), { target: { value: '1a' } });
    expect(onChange).not.toHaveBeenCalled();
    expect(input().getAttribute('aria-invalid')).toBe('true');
    expect(input().value).toBe('1a');
    fireEvent.change(input(), { target: { value: '1 234,50' } });
    expect(onChange).toHaveBeenLastCalledWith(1234.5);
    expect(input().getAttribute('aria-invalid')).not.toBe('true');
  });
});

describe('SliderControl', () => {
  const field = { id: 'f', name: 'Brakes', field_type: 'RANGE_SLIDER', points_threshold: [{ option: '0-5', points: 0 }, { option: '6-10', points: 4 }] } as unknown as FormField;

  it('saves once when the keys rest or the thumb is released, not at every step', () => {
    vi.useFakeTimers();
    try {
      const onChange = vi.fn();
      render(
        <MantineProvider>
          <SliderControl field={field} value={null} onChange={onChange} label="Brakes" />
        </MantineProvider>,
      );
      const thumb = screen.getByRole('slider');
      for (let i = 0; i < 5; i++) fireEvent.keyDown(thumb, { key: 'ArrowRight' });
      expect(onChange).not.toHaveBeenCalled();
      act(() => void vi.advanceTimersByTime(SLIDER_SAVE_DELAY));
      expect(onChange).toHaveBeenCalledTimes(1);
      expect(onChange).toHaveBeenLastCalledWith(5);
    } finally {
      vi.useRealTimers();
    }
  });
});
