import {
  DOWNLOAD_RECORDS_RETENTION_DAYS_PLACEHOLDER,
  DRAFT_EXPIRY_DAYS_PLACEHOLDER,
  TELEMETRY_RETENTION_DAYS_PLACEHOLDER,
} from '@portal/contracts';
import { pageSetting } from './page-setting';

/**
 * How many days the server keeps download records (DOWNLOAD_RECORDS_RETENTION_DAYS),
 * anonymous usage records (TELEMETRY_RETENTION_DAYS) and publishing drafts with their
 * uploads after the draft's last change (DRAFT_EXPIRY_DAYS): the running configuration's
 * numbers, written into every page at start-up like the maker's name, so the privacy page
 * never promises a period the server does not keep.
 */
export const downloadRecordsRetentionDays = () =>
  pageSetting('downloadRecordsRetentionDays', DOWNLOAD_RECORDS_RETENTION_DAYS_PLACEHOLDER);
export const telemetryRetentionDays = () => pageSetting('telemetryRetentionDays', TELEMETRY_RETENTION_DAYS_PLACEHOLDER);
export const draftExpiryDays = () => pageSetting('draftExpiryDays', DRAFT_EXPIRY_DAYS_PLACEHOLDER);
