import { Combobox, Textarea, useCombobox } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { insertMention, matchPeople, mentionQuery, personName, type Mention, type Person } from './mentionText.ts';

export interface Draft {
  text: string;
  mentions: Mention[];
}

export const EMPTY_DRAFT: Draft = { text: '', mentions: [] };

/**
 * A comment's text area: typing "@" and the start of a name offers the organization's people
 * (arrows and Enter, or a tap, pick one); the name is written "@Marie Gagnon" and kept as a mention.
 * Ctrl+Enter (⌘+Enter) sends.
 */
export function MentionTextarea(props: {
  value: Draft;
  onChange: (draft: Draft) => void;
  people: readonly Person[];
  label: string;
  placeholder?: string;
  error?: string | null;
  autoFocus?: boolean;
  onSubmit?: () => void;
  testId?: string;
}) {
  const { value, onChange, people } = props;
  const combobox = useCombobox();
  const ref = useRef<HTMLTextAreaElement>(null);
  const [query, setQuery] = useState<{ query: string; start: number } | null>(null);
  const options = query ? matchPeople(people, query.query) : [];
  const open = options.length > 0;

  useEffect(() => {
    if (open) {
      combobox.openDropdown();
      combobox.selectFirstOption();
    } else combobox.closeDropdown();
  }, [open, query?.query]); // eslint-disable-line react-hooks/exhaustive-deps

  const pick = (id: string) => {
    const person = people.find((p) => p.id === id);
    const area = ref.current;
    if (!person || !query || !area) return;
    const name = personName(person);
    const next = insertMention(value.text, area.selectionStart ?? value.text.length, query.start, name);
    onChange({ text: next.text, mentions: [...value.mentions, { name, id: person.id }] });
    setQuery(null);
    requestAnimationFrame(() => {
      area.focus();
      area.setSelectionRange(next.caret, next.caret);
    });
  };

  return (
    <Combobox store={combobox} onOptionSubmit={pick} position="bottom-start" withinPortal>
      <Combobox.Target>
        <Textarea
          ref={ref}
          size="md"
          autosize
          minRows={2}
          maxRows={10}
          label={props.label}
          placeholder={props.placeholder}
          value={value.text}
          error={props.error}
          autoFocus={props.autoFocus}
          data-testid={props.testId}
          onChange={(e) => {
            const area = e.currentTarget;
            onChange({ ...value, text: area.value });
            setQuery(mentionQuery(area.value, area.selectionStart ?? area.value.length));
          }}
          onBlur={() => setQuery(null)}
          onKeyDown={(e) => {
            if (e.key === 'Escape') setQuery(null);
            if (e.key === 'Enter' && (e.ctrlKey || e.metaKey) && !open) {
              e.preventDefault();
              props.onSubmit?.();
            }
          }}
        />
      </Combobox.Target>
      <Combobox.Dropdown hidden={!open}>
        <Combobox.Options data-testid="mention-options">
          {options.map((p) => (
            <Combobox.Option value={p.id} key={p.id} mih={44}>
              {personName(p)}
            </Combobox.Option>
          ))}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
