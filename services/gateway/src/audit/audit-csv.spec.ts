import type { AuditEntry } from '@pp/contracts';
import { csvField, csvHeader, csvRow } from './audit-csv';

const entry: AuditEntry = {
  audit_id: '7',
  occurred_at: '2026-11-25T12:00:00.000Z',
  user_id: '5f0c2d1e-3a4b-4c5d-8e6f-7a8b9c0d1e2f',
  user_email: 'dana@clinic.example',
  action: 'lead.read',
  resource_type: 'lead',
  resource_id: '0b6f3d2e-5c1a-4f7e-9a43-2d8e1f0c7b15',
  lead_id: '0b6f3d2e-5c1a-4f7e-9a43-2d8e1f0c7b15',
  status: 200,
  outcome: 'allowed',
  client_ip: '203.0.113.9',
  user_agent: 'Mozilla/5.0 (X11; Linux x86_64) "Chrome", like Gecko',
};

describe('the audit log as CSV', () => {
  it('has a header and one line per entry', () => {
    expect(csvHeader()).toBe(
      'occurred_at,user_id,user_email,action,resource_type,resource_id,lead_id,status,outcome,client_ip,user_agent\r\n',
    );
    expect(csvRow(entry)).toBe(
      '2026-11-25T12:00:00.000Z,5f0c2d1e-3a4b-4c5d-8e6f-7a8b9c0d1e2f,dana@clinic.example,lead.read,lead,' +
        '0b6f3d2e-5c1a-4f7e-9a43-2d8e1f0c7b15,0b6f3d2e-5c1a-4f7e-9a43-2d8e1f0c7b15,200,allowed,203.0.113.9,' +
        '"Mozilla/5.0 (X11; Linux x86_64) ""Chrome"", like Gecko"\r\n',
    );
  });

  it('keeps a formula as text and leaves empty what is missing', () => {
    expect(csvField('=HYPERLINK("http://x")')).toBe(`"'=HYPERLINK(""http://x"")"`);
    expect(csvField('+1')).toBe("'+1");
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvField('-2')).toBe("'-2");
    expect(csvField(null)).toBe('');
    expect(csvField(404)).toBe('404');
    expect(csvField('a\nb')).toBe('"a\nb"');
  });
});
