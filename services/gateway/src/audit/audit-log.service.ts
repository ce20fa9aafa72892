import { Injectable, Logger } from '@nestjs/common';
import { AuditLogPage, AuditRetention } from '@pp/contracts';
import { assertPracticeAccess, Identity } from '@pp/platform';
import { Readable } from 'node:stream';
import { DataSource } from 'typeorm';
import { csvHeader, csvRow } from './audit-csv';
import { AuditFilterInput, AuditFilters, encodeCursor, parseAuditFilters } from './audit-filters';
import { loadAuditPage, loadRetention, purgeExpired, saveRetention } from './audit-store';
import { AuditException } from './audit.exception';

/** The CSV export reads the log this many entries at a time. */
const EXPORT_BATCH = 1_000;

/** The Security page's audit log (docs/product/settings.md#security): pages, the CSV export, the retention. */
@Injectable()
export class AuditLogService {
  private readonly logger = new Logger(AuditLogService.name);

  constructor(private readonly dataSource: DataSource) {}

  async page(identity: Identity, practiceId: string, query: AuditFilterInput): Promise<AuditLogPage> {
    const filters = this.filters(identity, practiceId, query);
    const { entries, next } = await loadAuditPage(this.dataSource, practiceId, filters);
    return { entries, next_cursor: next ? encodeCursor(next) : null };
  }

  /** Every entry the filters select, newest first, as CSV (the cursor and the page size do not apply). */
  export(identity: Identity, practiceId: string, query: AuditFilterInput): Readable {
    const filters = this.filters(identity, practiceId, query);
    const dataSource = this.dataSource;
    async function* lines() {
      yield csvHeader();
      let batch: AuditFilters = { ...filters, after: null, limit: EXPORT_BATCH };
      for (;;) {
        const { entries, next } = await loadAuditPage(dataSource, practiceId, batch);
        if (entries.length > 0) yield entries.map(csvRow).join('');
        if (!next) return;
        batch = { ...batch, after: next };
      }
    }
    return Readable.from(lines());
  }

  async retention(identity: Identity, practiceId: string): Promise<AuditRetention> {
    assertPracticeAccess(identity, practiceId);
    const years = await loadRetention(this.dataSource, practiceId);
    if (years === null) throw AuditException.practiceNotFound();
    return { retention_years: years };
  }

  async setRetention(identity: Identity, practiceId: string, years: number): Promise<AuditRetention> {
    assertPracticeAccess(identity, practiceId);
    if (!(await saveRetention(this.dataSource, practiceId, years))) throw AuditException.practiceNotFound();
    return { retention_years: years };
  }

  /** Removes the entries past their practice's retention (the `purge-audit-log` job). */
  async purge(): Promise<number> {
    const removed = await purgeExpired(this.dataSource);
    if (removed > 0) this.logger.log(`audit log: ${removed} entries past their retention removed`);
    return removed;
  }

  private filters(identity: Identity, practiceId: string, query: AuditFilterInput): AuditFilters {
    assertPracticeAccess(identity, practiceId);
    const filters = parseAuditFilters(query);
    if ('problem' in filters) throw AuditException.invalid(filters.problem);
    return filters;
  }
}
