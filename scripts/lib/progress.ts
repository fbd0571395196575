/**
 * Progress of the backup, restore and storage:migrate commands on the terminal: one bar per long step when
 * stderr is a terminal, plain lines (one per step, and every 25 %) otherwise, for logs and CI.
 */
import cliProgress from 'cli-progress';
import type { BackupStep } from '../../app/server/backup/backup.server';

const BACKUP_LABELS: Record<BackupStep, string> = {
  dump: 'Dumping the database',
  collect: 'Collecting uploads',
  hash: 'Computing checksums',
  extract: 'Unpacking the archive',
  verify: 'Verifying checksums',
  database: 'Restoring the database',
  uploads: 'Restoring uploads',
};

/** A reporter of `done` of `total` units in `step`. */
export type StepProgress<Step extends string> = (step: Step, done: number, total: number) => void;

/**
 * A progress reporter for `prepareBackup` / `restoreBackup` (or, given `labels`, any command whose
 * steps they name), and `stop()` to end the last bar.
 */
export function terminalProgress(): { report: StepProgress<BackupStep>; stop(): void };
export function terminalProgress<Step extends string>(labels: Record<Step, string>): { report: StepProgress<Step>; stop(): void };
export function terminalProgress(labels: Record<string, string> = BACKUP_LABELS): { report: StepProgress<string>; stop(): void } {
  const LABELS = labels;
  const interactive = Boolean(process.stderr.isTTY);
  let current: string | null = null;
  let bar: cliProgress.SingleBar | null = null;
  let lastQuarter = -1;
  const stop = () => {
    bar?.stop();
    bar = null;
  };
  const report: StepProgress<string> = (step, done, total) => {
    if (step !== current) {
      stop();
      current = step;
      lastQuarter = -1;
      // Steps of one unit (a dump, a restore) are a line, not a bar.
      if (interactive && total > 1) {
        bar = new cliProgress.SingleBar(
          { format: `${LABELS[step]} [{bar}] {value}/{total}`, stream: process.stderr, hideCursor: true, clearOnComplete: false },
          cliProgress.Presets.shades_classic,
        );
        bar.start(total, done);
      } else {
        process.stderr.write(`${LABELS[step]}…\n`);
      }
    }
    if (bar) {
      bar.update(done);
      return;
    }
    if (!interactive && total > 1) {
      const quarter = Math.floor((done / total) * 4);
      if (quarter !== lastQuarter) {
        lastQuarter = quarter;
        process.stderr.write(`  ${done}/${total}\n`);
      }
    }
  };
  return { report, stop };
}

/** Bytes as "12.3 MB". */
export function formatSize(bytes: number): string {
  const units = ['B', 'KB', 'MB', 'GB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value.toFixed(unit === 0 ? 0 : 1)} ${units[unit]}`;
}
