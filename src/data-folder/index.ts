/**
 * What runs on a whole data folder, above the domain and the store: open the domain on the folder's database and
 * master key, back the folder up, restore it, rotate its master key. The domain itself sees only the store's port.
 */
export { openDomain, type OpenDomainOptions, type OpenedDomain } from './open-domain.js';
export { backupDataFolder, type BackupResult } from './backup.js';
export { restoreDataFolder, type RestoreResult } from './restore.js';
export { rotateMasterKey, type RotationResult } from './master-key-rotation.js';
export { readChannelKey } from './channel-key.js';
