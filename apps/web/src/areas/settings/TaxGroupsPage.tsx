import { crudPermissions, type RecordOf } from '@atelier/domain';
import { columnsOf, fieldsOf } from '../../components/resource/declared.tsx';
import type { LinesConfig } from '../../components/resource/lines.ts';
import { RecordForm } from '../../components/resource/RecordForm.tsx';
import { recordFormProps, ResourceList } from '../../components/resource/ResourceList.tsx';
import { currentLocale } from '../../i18n/index.ts';
import { taxRateText } from './taxRate.ts';

// Tax groups and their taxes (spec §3 Tax group): the taxes are lines of the group's form.
const P = crudPermissions('taxes');
type TaxGroup = RecordOf<'tax-groups'>;

export const taxLines: LinesConfig = {
  type: 'taxes',
  orderable: true,
  fields: fieldsOf('taxes', ['code', { name: 'rate', view: (tax) => taxRateText(tax.rate, tax.type, currentLocale()) }, 'type']),
  add: 'settings:taxes.add',
  empty: 'settings:taxes.none',
  line: 'settings:taxes.line_n',
};

export default function TaxGroupsPage() {
  return (
    <ResourceList<TaxGroup>
      type="tax-groups"
      title="settings:taxes.title"
      defaultSort="name"
      include="taxes"
      permissions={{ create: P.create, view: P.view }}
      columns={columnsOf('tax-groups', ['name', { key: 'taxes', visibleFrom: 'sm' }, { key: 'updated_at', visibleFrom: 'md' }])}
      renderRecord={({ id, action, setAction, close }) => (
        <RecordForm<TaxGroup>
          type="tax-groups"
          {...recordFormProps({ id, action, setAction, close })}
          fields={fieldsOf('tax-groups', [{ name: 'name', wide: true }, { name: 'taxes', kind: 'lines', lines: taxLines, wide: true }])}
          include="taxes"
          title={action === 'add' ? 'settings:taxes.new' : 'settings:taxes.record'}
          titleOf={(g) => g.name}
          permissions={{ edit: P.edit, delete: P.delete }}
        />
      )}
    />
  );
}
