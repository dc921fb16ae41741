import { crudPermissions, type RecordOf } from '@atelier/domain';
import { columnsOf, fieldsOf } from '../../components/resource/declared.tsx';
import type { LinesConfig } from '../../components/resource/lines.ts';
import { RecordForm } from '../../components/resource/RecordForm.tsx';
import { recordFormProps, ResourceList } from '../../components/resource/ResourceList.tsx';
import { currentLocale } from '../../i18n/index.ts';
import { taxRateText } from './taxRate.ts';

// Tax groups and their taxes (spec §3 Tax group): the taxes are lines of the group's form. An
// organization's (/settings/taxes) and a reseller's own (/reseller/reseller-tax-groups) alike.

/** The kinds of tax groups: the group's type, its taxes' type and relationship, the permission subject, where its titles are. */
const KINDS = {
  'tax-groups': {
    taxes: 'taxes',
    relationship: 'taxes',
    subject: 'taxes',
    titles: { list: 'settings:taxes.title', new: 'settings:taxes.new', record: 'settings:taxes.record' },
  },
  'reseller-tax-groups': {
    taxes: 'reseller-taxes',
    relationship: 'resellerTaxes',
    subject: 'reseller taxes',
    titles: { list: 'reseller-tax-groups:title', new: 'reseller-tax-groups:new', record: 'reseller-tax-groups:record' },
  },
} as const;
type GroupType = keyof typeof KINDS;

const linesOf = (type: 'taxes' | 'reseller-taxes'): LinesConfig => ({
  type,
  orderable: true,
  fields: fieldsOf(type, ['code', { name: 'rate', view: (tax) => taxRateText(tax.rate, tax.type, currentLocale()) }, 'type']),
  add: 'settings:taxes.add',
  empty: 'settings:taxes.none',
  line: 'settings:taxes.line_n',
});

export const taxLines = linesOf('taxes');

export function TaxGroupsList({ type }: { type: GroupType }) {
  const kind = KINDS[type];
  const P = crudPermissions(kind.subject);
  const lines = linesOf(kind.taxes);
  return (
    <ResourceList<RecordOf<GroupType>>
      type={type}
      title={kind.titles.list}
      defaultSort="name"
      include={kind.relationship}
      permissions={{ create: P.create, view: P.view }}
      columns={columnsOf(type, ['name', { key: kind.relationship, visibleFrom: 'sm' }, { key: 'updated_at', visibleFrom: 'md' }] as never)}
      renderRecord={({ id, action, setAction, close }) => (
        <RecordForm<RecordOf<GroupType>>
          type={type}
          {...recordFormProps({ id, action, setAction, close })}
          fields={fieldsOf(type, [{ name: 'name', wide: true }, { name: kind.relationship, kind: 'lines', lines, wide: true }] as never)}
          include={kind.relationship}
          title={action === 'add' ? kind.titles.new : kind.titles.record}
          titleOf={(g) => g.name}
          permissions={{ edit: P.edit, delete: P.delete }}
        />
      )}
    />
  );
}

export default function TaxGroupsPage() {
  return <TaxGroupsList type="tax-groups" />;
}
