// Entry of the S3 emulator's process (bench/api-process.ts): the export rows count the export's own
// memory, and the objects the emulator receives and keeps are S3's, not the export's.
import { startSqsEmulator } from '#infra/local/emulators';

const emulator = await startSqsEmulator(Number(process.env.BENCH_API_PORT));
process.send?.({ url: emulator.endpoint });
process.once('disconnect', () => void emulator.stop().then(() => process.exit(0)));
