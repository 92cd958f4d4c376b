// s3rver as a process of its own, for a portal started by hand or by the cluster test:
//   npx tsx apps/api/test/s3-server-main.ts [port]
// Prints the S3_* variables that point a portal at its bucket (one per line, then "ready"),
// and keeps the objects until it is stopped (SIGTERM or Ctrl-C removes them).
import { startS3Server } from './s3-server';

const port = Number(process.argv[2] ?? 0);
const server = await startS3Server('portal-files', { port });
for (const [name, value] of Object.entries(server.env)) console.log(`${name}=${value}`);
console.log('ready');
const stop = () => void server.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
