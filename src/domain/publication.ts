import type { ChannelPublication, ChannelRow, UserRow } from '../store/index.js';
import { channelOf } from './channels.js';
import type { DomainContext } from './context.js';
import { DomainError } from './errors.js';
import { signerNameTaken, storedNameKeysOf } from './name-keys.js';
import { publishedNameOf } from './signing-keys.js';
import type { Channel, PendingPublication } from './types.js';
import { iso } from './users.js';

/**
 * The operator's side of publishing signing keys (docs/SERVER.md, "Publishing keys"): the channels that wait for
 * approval, the approval itself, and the names of channels made by a release before names were claimed.
 */

export async function pendingPublications(context: DomainContext): Promise<PendingPublication[]> {
  return (await context.store.channels.awaitingApproval()).map((row) => ({
    channel_id: row.id,
    channel_name: row.name,
    signer_name: publishedNameOf(row),
    owner_email: row.ownerEmail,
    owner_username: row.ownerUsername,
    email_verified: row.ownerVerified,
    created_at: iso(row.createdAt),
  }));
}

/**
 * Approves a channel's publication (`wm channels publish --approve`): its keys join the key set under its signer
 * name. Refused (CONFLICT) for a channel that does not ask for publication and for an account whose email address
 * is not verified.
 */
export async function approvePublication(
  context: DomainContext,
  owner: Pick<UserRow, 'emailVerifiedAt'>,
  row: ChannelRow,
): Promise<Channel> {
  if (!row.keysPublic) {
    throw new DomainError('CONFLICT', `The channel "${row.name}" does not ask for its keys to be published`, {
      details: { keys_public: 'is false' },
    });
  }
  if (owner.emailVerifiedAt === null) {
    throw new DomainError('CONFLICT', 'An account whose email address is not verified never publishes keys', {
      details: { email: 'not verified' },
    });
  }
  const publication: ChannelPublication = {
    keysPublic: true,
    signerName: row.signerName,
    signerKeys: storedNameKeysOf(publishedNameOf(row)),
    publicationApprovedAt: context.now().getTime(),
  };
  if (!(await context.store.channels.setPublication(row.id, publication))) throw signerNameTaken();
  return channelOf(context, { ...row, ...publication });
}

/**
 * Channels of an older release asked for publication without claiming their signer name. Each claims it now,
 * oldest first; one whose name is like an older channel's stops asking for publication (its owner chooses another
 * name), so that every channel that asks holds its name. Returns those channels' ids.
 */
export async function claimMissingSignerNames(
  context: DomainContext,
): Promise<{ claimed: number; withdrawn: string[] }> {
  let claimed = 0;
  const withdrawn: string[] = [];
  for (const row of await context.store.channels.publicWithoutSignerKeys()) {
    const claim: ChannelPublication = {
      keysPublic: true,
      signerName: row.signerName,
      signerKeys: storedNameKeysOf(publishedNameOf(row)),
      publicationApprovedAt: row.publicationApprovedAt,
    };
    if (await context.store.channels.setPublication(row.id, claim)) claimed++;
    else {
      const pause = { ...claim, keysPublic: false, signerKeys: null, publicationApprovedAt: null };
      await context.store.channels.setPublication(row.id, pause);
      withdrawn.push(row.id);
    }
  }
  return { claimed, withdrawn };
}
