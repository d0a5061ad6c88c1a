import { Type, type Static } from '@sinclair/typebox';
import { FIELD_LIMITS } from '../../domain/index.js';
import { ApiTokenMetadata, Quota, User } from './common.js';

export const ProfileResponse = Type.Object({ user: User, api_tokens: Type.Array(ApiTokenMetadata), quota: Quota });

export const UpdateProfileBody = Type.Object(
  {
    username: Type.Optional(Type.String({ maxLength: FIELD_LIMITS.name })),
    firstName: Type.Optional(Type.String({ maxLength: FIELD_LIMITS.name, description: 'empty string clears it' })),
    lastName: Type.Optional(Type.String({ maxLength: FIELD_LIMITS.name, description: 'empty string clears it' })),
  },
  { description: 'at least one of the three fields' },
);
export type UpdateProfileBody = Static<typeof UpdateProfileBody>;

export const UpdateProfileResponse = Type.Object({ message: Type.String(), user: User });

export const ChangePasswordBody = Type.Object({
  currentPassword: Type.String({ maxLength: FIELD_LIMITS.password }),
  newPassword: Type.String({ maxLength: FIELD_LIMITS.password }),
});
export type ChangePasswordBody = Static<typeof ChangePasswordBody>;

export const PasswordChangedResponse = Type.Object({
  message: Type.String(),
  accessToken: Type.String({ description: 'a new access token for the caller: the one sent is no longer valid' }),
});
