/**
 * File delivery (docs/decisions/100-one-owner-per-policy.md): the one module that answers
 * with a file's bytes and reads If-None-Match, Range and If-Range.
 *
 * - `file-delivery.ts`: the plugin, `app.fileDelivery`, the policy of FILE_DELIVERY;
 * - `delivery-policy.ts`: the interface every mode's policy implements;
 * - `stream.ts`, `redirect.ts`, `accel.ts`: one policy per mode; the last two through
 *   `hand-off.ts`, which answers what the portal must answer itself before handing off;
 * - `conditions.ts`: 304, 416 and If-Range for every file answer, and small files from memory;
 * - `presentation.ts`: ETag, Cache-Control, Content-Disposition, a PDF's inline policy.
 */
export { default } from './file-delivery';
export { answeredNotModified, sendFromMemory } from './conditions';
export type { DeliveryFinished, DeliveryPolicy } from './delivery-policy';
export {
  contentDisposition,
  INLINE_PDF_POLICY,
  isSentInline,
  presentationHeaders,
  type SendFileOptions,
} from './presentation';
