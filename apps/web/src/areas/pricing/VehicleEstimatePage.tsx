import { useState } from 'react';
import { Alert, Loader, Stack, Switch, Tabs, Title } from '@mantine/core';
import { IconApi, IconCalculator, IconFrame } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useRecord } from '../../api/hooks.ts';
import { useMe } from '../../app/AppData.tsx';
import { useSelection } from '../../app/session.ts';
import { formOfAppraisal, formOfVehicle, type Appraisal } from './appraisalModel.ts';
import type { RecordOf } from '@atelier/domain';
import { ApiTab } from './ApiTab.tsx';
import { EstimateForm } from './EstimateForm.tsx';
import { EstimateResult } from './EstimateResult.tsx';
import { FrameTab } from './FrameTab.tsx';
import { estimatePrice, type EstimateResult as Result } from './pricingApi.ts';

const TABS = ['estimate', 'frame', 'api'] as const;
const APP = { kind: 'app' } as const;

/** /vehicles/vehicle-estimate: the estimation, the frame to embed and the API (spec §2), one tab each (?tab=). */
export default function VehicleEstimatePage() {
  const { t } = useTranslation();
  const { me, can } = useMe();
  const selection = useSelection();
  // A platform or reseller user estimates for the organization chosen at the top: none chosen, no form (the server would refuse each call).
  const forOrganization = Boolean(me.organization) || selection.organization !== null;
  const [params, setParams] = useSearchParams();
  const [result, setResult] = useState<Result | null>(null);
  const [debug, setDebug] = useState(false);
  // ?appraisal=<id>: an appraisal reopened, its inputs in the form, to run it again.
  const reopened = params.get('appraisal');
  const appraisal = useRecord<Appraisal>('appraisals', reopened, {}, { enabled: !!reopened && can('view appraisals') });
  // ?vehicle=<id>: a vehicle of the organization appraised from its page.
  const chosen = reopened ? null : params.get('vehicle');
  const vehicle = useRecord<RecordOf<'vehicles'>>('vehicles', chosen, {}, { enabled: !!chosen && can('view vehicles') });
  const initial = appraisal.data ? formOfAppraisal(appraisal.data) : vehicle.data ? formOfVehicle(vehicle.data) : undefined;
  const requested = params.get('tab');
  const tab = TABS.find((x) => x === requested) ?? 'estimate';
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {t('pricing:title')}
      </Title>
      <Tabs value={tab} onChange={(v) => setParams((p) => (p.set('tab', v ?? 'estimate'), p), { replace: true })} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="estimate" leftSection={<IconCalculator size={16} />} data-testid="tab-estimate">
            {t('pricing:tabs.estimate')}
          </Tabs.Tab>
          <Tabs.Tab value="frame" leftSection={<IconFrame size={16} />} data-testid="tab-frame">
            {t('pricing:tabs.frame')}
          </Tabs.Tab>
          <Tabs.Tab value="api" leftSection={<IconApi size={16} />} data-testid="tab-api">
            {t('pricing:tabs.api')}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="estimate" pt="md">
          <Stack gap="md">
            {can('view debug mode vehicle estimations') && <Switch label={t('pricing:form.debug')} checked={debug} onChange={(e) => setDebug(e.currentTarget.checked)} data-testid="estimate-debug-mode" />}
            {!forOrganization ? (
              <Alert color="blue" data-testid="estimate-choose-organization">
                {t('pricing:choose_organization')}
              </Alert>
            ) : (reopened && appraisal.isPending) || (chosen && vehicle.isPending) ? (
              <Loader size="sm" />
            ) : (
              <EstimateForm key={appraisal.data?.id ?? vehicle.data?.id ?? 'new'} channel={APP} estimate={(body) => estimatePrice(body, { debug })} onResult={setResult} initial={initial} />
            )}
            {result && <EstimateResult result={result} />}
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="frame" pt="md">
          <FrameTab canManageDomains={can('view any vehicle estimation domains')} canManageFrame={can('make vehicle estimations via iframe')} />
        </Tabs.Panel>
        <Tabs.Panel value="api" pt="md">
          <ApiTab canManage={can('make vehicle estimations via api')} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
