import { Type, type Static } from '@sinclair/typebox';
import { FIELD_LIMITS, PASSWORD_MIN } from '../../domain/index.js';
import { MessageResponse, User } from './common.js';

export const RegisterBody = Type.Object({
  email: Type.String({ format: 'email', maxLength: FIELD_LIMITS.email }),
  password: Type.String({
    maxLength: FIELD_LIMITS.password,
    description: `at least ${PASSWORD_MIN} characters mixing two of: lower, upper, digits, other`,
  }),
  username: Type.String({ maxLength: FIELD_LIMITS.name }),
  firstName: Type.Optional(Type.String({ maxLength: FIELD_LIMITS.name })),
  lastName: Type.Optional(Type.String({ maxLength: FIELD_LIMITS.name })),
});
export type RegisterBody = Static<typeof RegisterBody>;

export const RegisterResponse = Type.Object({ message: Type.String(), user: User });

export const LoginBody = Type.Object({
  email: Type.String({ maxLength: FIELD_LIMITS.email }),
  password: Type.String({ maxLength: FIELD_LIMITS.password }),
});
export type LoginBody = Static<typeof LoginBody>;

export const LoginResponse = Type.Object({
  message: Type.String(),
  accessToken: Type.String({ description: 'JWT; send as `Authorization: Bearer <accessToken>`' }),
  user: User,
});

export const VerifyEmailBody = Type.Object({ token: Type.String({ maxLength: 256 }) });
export type VerifyEmailBody = Static<typeof VerifyEmailBody>;

export const VerifyEmailQuery = Type.Object({ token: Type.Optional(Type.String({ maxLength: 256 })) });
export type VerifyEmailQuery = Static<typeof VerifyEmailQuery>;

/** forgot-password and resend-verification: the address to mail */
export const MailRequestBody = Type.Object({ email: Type.String({ maxLength: FIELD_LIMITS.email }) });
export type MailRequestBody = Static<typeof MailRequestBody>;

export const ResetPasswordBody = Type.Object({
  token: Type.String({ maxLength: 256, description: 'the token of the mailed link (after `#token=`)' }),
  newPassword: Type.String({
    maxLength: FIELD_LIMITS.password,
    description: `at least ${PASSWORD_MIN} characters mixing two of: lower, upper, digits, other`,
  }),
});
export type ResetPasswordBody = Static<typeof ResetPasswordBody>;

export const RefreshResponse = Type.Object({ accessToken: Type.String() });

export { MessageResponse };
