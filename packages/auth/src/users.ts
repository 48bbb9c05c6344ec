import { z } from 'zod';
import type { ProviderUser } from './provider';

/**
 * A user of the users file. `password` (a bcrypt hash) lets the user sign in with basic credentials; without
 * it the entry only gives roles and a user name to an identity signed in elsewhere (a machine-to-machine client
 * of an OpenID provider, for example). `username` is shown instead of the identity when set.
 */
export const ConfigUserSchema = z.object({
  identity: z.string().min(1),
  username: z.string().min(1).optional(),
  password: z.string().regex(/^\$2[aby]\$\d{2}\$/, 'password must be a bcrypt hash ($2a$/$2b$/$2y$)').optional(),
  roles: z.array(z.string()).default([]),
});
export type ConfigUser = z.infer<typeof ConfigUserSchema>;

/** A users-file entry as a provider's user. */
export function providerUserOf(user: ConfigUser): ProviderUser {
  return { identity: user.identity, username: user.username ?? user.identity, roles: [...user.roles] };
}
