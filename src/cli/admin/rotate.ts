import { print, type AdminOptions } from './output.js';

interface RotateOptions extends AdminOptions {
  newKeyEnv?: string;
}

const alreadyNote = (already: number): string => (already ? ` (${already} already were)` : '');

export async function rotateMasterKey(options: RotateOptions): Promise<void> {
  const { rotateMasterKey: rotate } = await import('../../data-folder/index.js');
  const result = await rotate({ home: options.home, database: options.database, newKeyVariable: options.newKeyEnv });
  const { newKeyAt } = result;
  const already =
    result.alreadyResealed +
    result.signingKeys.alreadyResealed +
    result.fingerprintKeys.alreadyResealed +
    result.c2paKeys.alreadyResealed;
  print(
    options,
    {
      channels_resealed: result.resealed,
      channels_already_resealed: result.alreadyResealed,
      signing_keys_resealed: result.signingKeys.resealed,
      signing_keys_already_resealed: result.signingKeys.alreadyResealed,
      fingerprint_keys_resealed: result.fingerprintKeys.resealed,
      fingerprint_keys_already_resealed: result.fingerprintKeys.alreadyResealed,
      c2pa_keys_resealed: result.c2paKeys.resealed,
      c2pa_keys_already_resealed: result.c2paKeys.alreadyResealed,
      master_key: newKeyAt.kind === 'environment' ? newKeyAt.variable : 'master.key',
    },
    [
      `Re-sealed ${result.resealed} channel key(s), ${result.signingKeys.resealed} signing key(s), ` +
        `${result.fingerprintKeys.resealed} fingerprint key(s) and ${result.c2paKeys.resealed} C2PA key(s) under ` +
        `the new master key` +
        `${alreadyNote(already)}.`,
      newKeyAt.kind === 'environment'
        ? `Set ${newKeyAt.variable} to the value of ${newKeyAt.from} before starting wm serve again.`
        : `${newKeyAt.file} now holds the new key; back it up with the database.`,
      'Access tokens signed with the old key no longer verify: clients refresh (refresh tokens keep working) or log ' +
        'in again.',
    ],
  );
}
