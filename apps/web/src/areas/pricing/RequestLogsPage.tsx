import { SimpleResourcePage } from '../../components/resource/SimpleResourcePage.tsx';

/** /vehicles/request-logs: every call of the price estimation (spec §2), read and deleted only. */
export default function RequestLogsPage() {
  return (
    <SimpleResourcePage
      type="request-logs"
      subject="request logs"
      newTitle="request-logs:record"
      listInclude="user"
      include="user,domain"
      filters={['channel']}
      columns={['created_at', 'channel', 'http_status_code', { key: 'user', visibleFrom: 'sm' }, { key: 'host', visibleFrom: 'md' }, { key: 'ip_address', visibleFrom: 'md' }, { key: 'duration_ms', visibleFrom: 'lg' }, { key: 'debug_mode', visibleFrom: 'lg' }]}
      fields={['created_at', 'channel', 'endpoint', 'http_status_code', 'user', 'domain', 'host', 'ip_address', 'debug_mode', 'duration_ms', { name: 'request', wide: true }]}
    />
  );
}
