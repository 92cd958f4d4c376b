import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FileRecord } from '../catalogue/catalogue-snapshot';
import type { SendFileOptions } from './presentation';

/**
 * What a file's answer covers: `bytes` the client is sent (or is sent to fetch), and
 * whether it continues a download (a satisfiable Range whose If-Range, if any, matched).
 */
export type DeliveryFinished = (bytes: number, ranged: boolean) => void;

/**
 * How a checked request for a published file gets its bytes: one policy per FILE_DELIVERY
 * mode (stream.ts, redirect.ts, accel.ts), chosen once at start-up (file-delivery.ts).
 */
export interface DeliveryPolicy {
  /**
   * Answers a request for `file` whose link (if it has one) has been checked: 304 for a
   * matching If-None-Match, 416 for a range outside the file, otherwise the bytes by the
   * policy's mode. `onFinished` is called once for an answer that delivers bytes.
   */
  send(
    request: FastifyRequest,
    reply: FastifyReply,
    file: FileRecord,
    onFinished: DeliveryFinished,
    options?: SendFileOptions,
  ): Promise<FastifyReply>;
}
