import { describe, expect, it } from 'vitest';
import { fileNameOf } from '../../api/download.ts';
import { publicPdfUrl, publicReportPath, reportPath } from './reportApi.ts';

describe('report calls', () => {
  it('names the saved file as the server does, else after the code', () => {
    expect(fileNameOf('inline; filename="rapport-inspection-I-2026-000042.pdf"', 'x.pdf')).toBe('rapport-inspection-I-2026-000042.pdf');
    expect(fileNameOf(null, 'I-2026-000042.pdf')).toBe('I-2026-000042.pdf');
    expect(fileNameOf('inline', 'I.pdf')).toBe('I.pdf');
  });

  it('keeps the accents of the UTF-8 name the server also gives, before the plain one', () => {
    expect(fileNameOf(`attachment; filename="indicateurs-ete.csv"; filename*=UTF-8''indicateurs-%C3%A9t%C3%A9.csv`, 'x.csv')).toBe('indicateurs-été.csv');
    expect(fileNameOf(`attachment; filename="plain.csv"; filename*=UTF-8''bad%E0%A4%A.csv`, 'x.csv')).toBe('plain.csv');
  });

  it('builds the report and public paths, the token encoded, the public PDF in this browser’s time zone', () => {
    expect(reportPath('0199-a')).toBe('/api/v1/inspections/0199-a/report');
    expect(publicReportPath('a/b')).toBe('/api/v1/public/inspection-reports/a%2Fb');
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    expect(publicPdfUrl('tok_en-1')).toBe(`/api/v1/public/inspection-reports/tok_en-1?tz=${encodeURIComponent(zone)}`);
  });
});
