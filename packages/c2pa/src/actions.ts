/**
 * The actions a signer may declare of a text (c2pa.actions.v2). The first is always c2pa.created, which C2PA 2.x
 * requires to say how the content came to be (an IPTC digital source type); the others follow it.
 */

export const ACTIONS = ['c2pa.published', 'c2pa.edited', 'c2pa.translated', 'c2pa.summarized'] as const;
export type FollowingAction = (typeof ACTIONS)[number];

const IPTC = 'http://cv.iptc.org/newscodes/digitalsourcetype/';
/** The IPTC digital source types that fit text, by their short names. */
export const SOURCE_TYPES = [
  'digitalCreation',
  'humanEdits',
  'trainedAlgorithmicMedia',
  'compositeWithTrainedAlgorithmicMedia',
  'algorithmicallyEnhanced',
] as const;
export type SourceType = (typeof SOURCE_TYPES)[number];

export interface ActionsOptions {
  sourceType: SourceType;
  following: readonly FollowingAction[];
  when: Date;
  agent: { name: string; version: string };
}

export interface DeclaredAction {
  action: string;
  when?: string;
  digitalSourceType?: string;
  softwareAgent?: string;
}

export function actionsAssertion(options: ActionsOptions): { actions: Record<string, unknown>[] } {
  const when = options.when.toISOString();
  const common = { when, softwareAgent: options.agent };
  return {
    actions: [
      { action: 'c2pa.created', digitalSourceType: IPTC + options.sourceType, ...common },
      ...options.following.map((action) => ({ action, ...common })),
    ],
  };
}

/** The actions of an actions assertion (v1 or v2) as read, in order; fields of a wrong type are left out. */
export function declaredActions(content: unknown): DeclaredAction[] {
  const list = (content as { actions?: unknown } | null)?.actions;
  if (!Array.isArray(list)) return [];
  return list.flatMap((entry: Record<string, unknown>) => {
    if (typeof entry?.action !== 'string') return [];
    const agent = entry.softwareAgent as { name?: unknown; version?: unknown } | string | undefined;
    const agentName =
      typeof agent === 'string'
        ? agent
        : typeof agent?.name === 'string'
          ? `${agent.name}${typeof agent.version === 'string' ? ` ${agent.version}` : ''}`
          : undefined;
    return [
      {
        action: entry.action,
        ...(typeof entry.when === 'string' ? { when: entry.when } : {}),
        ...(typeof entry.digitalSourceType === 'string' ? { digitalSourceType: entry.digitalSourceType } : {}),
        ...(agentName ? { softwareAgent: agentName } : {}),
      },
    ];
  });
}
