import type { FastifyReply } from 'fastify';
import type { FileRecord } from '../catalogue/catalogue-snapshot';
import { checkConditions, type IfRangeJudge } from './conditions';
import type { DeliveryPolicy } from './delivery-policy';
import { etagOf, presentationOf, type SendFileOptions } from './presentation';

/** A request the portal has checked and now hands to someone else to send the bytes of. */
export interface HandedOff {
  file: FileRecord;
  presentation: Required<SendFileOptions>;
  /** What the answer covers: the file, or the range asked for. */
  bytes: number;
  ranged: boolean;
}

/** Who sends the bytes once the portal has checked the request: a bucket (redirect.ts) or nginx (accel.ts). */
export interface HandOffSender {
  /** Whether the portal compares If-Range with its ETag, or the sender with its own. */
  ifRange: IfRangeJudge;
  /** The answer that hands the request over. */
  answer(reply: FastifyReply, handedOff: HandedOff): Promise<FastifyReply> | FastifyReply;
}

/**
 * The policy of a mode whose bytes someone else sends (docs/decisions/092-file-delivery-modes.md):
 * the portal answers HEAD itself through `stream` (no bytes go out, and a presigned GET
 * cannot answer a HEAD), answers 304 and 416 itself, records the download with what the
 * answer hands over, and leaves the rest to the sender.
 */
export function handOff(stream: DeliveryPolicy, sender: HandOffSender): DeliveryPolicy {
  return {
    async send(request, reply, file, onFinished, options) {
      if (request.method === 'HEAD') return stream.send(request, reply, file, onFinished, options);
      const presentation = presentationOf(file, options);
      const conditions = checkConditions(
        request,
        reply,
        { etag: etagOf(file), cacheControl: presentation.cacheControl },
        file.sizeBytes,
        sender.ifRange,
      );
      if (!conditions) return reply;
      const { range } = conditions;
      const handedOff: HandedOff = {
        file,
        presentation,
        bytes: range ? range.end - range.start + 1 : file.sizeBytes,
        ranged: range !== undefined,
      };
      const answered = await sender.answer(reply, handedOff);
      onFinished(handedOff.bytes, handedOff.ranged);
      return answered;
    },
  };
}
