const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const dateOnly = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
const number = new Intl.NumberFormat();

export const formatDateTime = (iso: string): string => dateTime.format(new Date(iso));
export const formatDate = (iso: string): string => dateOnly.format(new Date(iso));
export const formatNumber = (value: number): string => number.format(value);

/** "1 copy", "3 copies": a count with its noun, in the singular for one. */
export const counted = (count: number, one: string, many = `${one}s`): string =>
  `${number.format(count)} ${count === 1 ? one : many}`;

const PLAN_NAMES: Record<string, string> = { free: 'Free', starter: 'Starter', pro: 'Pro' };
export const planName = (plan: string): string => PLAN_NAMES[plan] ?? plan;

const STATUS_NAMES: Record<string, string> = {
  active: 'Active',
  past_due: 'Past due',
  paused: 'Paused',
  cancelled: 'Cancelled',
  expired: 'Expired',
};
export const statusName = (status: string): string => STATUS_NAMES[status] ?? status;
