import { TaxGroupsList } from '../settings/TaxGroupsPage.tsx';

/** /reseller/reseller-tax-groups: the reseller's own tax groups, those its products, services and packages are taxed by. */
export default function ResellerTaxGroupsPage() {
  return <TaxGroupsList type="reseller-tax-groups" />;
}
