import { ActionIcon, Button, Group, NativeSelect, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconChevronsLeft, IconChevronsRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZES, pageCount, pageWindow } from '../../lib/pagination.ts';

/** 5 page links at a time, first/previous/next/last, page size and total (spec platform §2). */
export function Pagination({ page, size, total, onPage, onSize }: { page: number; size: number; total: number; onPage: (p: number) => void; onSize: (s: number) => void }) {
  const { t } = useTranslation();
  const pages = pageCount(total, size);
  const current = Math.min(page, pages);
  return (
    <Group justify="space-between" wrap="wrap" gap="sm" data-testid="pagination">
      <Group gap="xs">
        <Text size="sm" c="dimmed" data-testid="list-total">
          {t('common:list.total', { count: total })}
        </Text>
        <NativeSelect
          size="xs"
          aria-label={t('common:list.page_size')}
          value={String(size)}
          onChange={(e) => onSize(Number(e.currentTarget.value))}
          data={PAGE_SIZES.map((s) => String(s))}
          data-testid="page-size"
        />
        <Text size="sm" c="dimmed" aria-hidden>
          {t('common:list.page_size')}
        </Text>
      </Group>
      <nav aria-label={t('common:list.pagination')}>
        <Group gap={4}>
          <ActionIcon variant="default" onClick={() => onPage(1)} disabled={current <= 1} aria-label={t('common:list.first_page')}>
            <IconChevronsLeft size={16} />
          </ActionIcon>
          <ActionIcon variant="default" onClick={() => onPage(current - 1)} disabled={current <= 1} aria-label={t('common:list.previous_page')}>
            <IconChevronLeft size={16} />
          </ActionIcon>
          {pageWindow(current, pages).map((p) => (
            <Button
              key={p}
              size="compact-sm"
              variant={p === current ? 'filled' : 'default'}
              onClick={() => onPage(p)}
              aria-label={t('common:list.page', { page: p })}
              aria-current={p === current ? 'page' : undefined}
              miw={32}
            >
              {p}
            </Button>
          ))}
          <ActionIcon variant="default" onClick={() => onPage(current + 1)} disabled={current >= pages} aria-label={t('common:list.next_page')}>
            <IconChevronRight size={16} />
          </ActionIcon>
          <ActionIcon variant="default" onClick={() => onPage(pages)} disabled={current >= pages} aria-label={t('common:list.last_page')}>
            <IconChevronsRight size={16} />
          </ActionIcon>
        </Group>
      </nav>
    </Group>
  );
}
