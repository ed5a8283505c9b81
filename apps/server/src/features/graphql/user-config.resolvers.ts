import type { UserConfigInput } from '../user-config/user-config.service';
import type { GraphContext, GraphServices } from './graph-context';
import { toUser, toUserConfig } from './graph-mappers';

/** The caller's settings and user row (features/user-config). */
export function userConfigResolvers({ userConfig }: GraphServices) {
  return {
    Query: {
      user_config: async (_: unknown, _args: unknown, ctx: GraphContext) => {
        const row = await userConfig.get(ctx.userId);
        return row && toUserConfig(row);
      },
      users: async (_: unknown, _args: unknown, ctx: GraphContext) => [toUser(await userConfig.me(ctx.userId))],
    },
    Mutation: {
      update_user_config: async (_: unknown, args: { input: UserConfigInput }, ctx: GraphContext) =>
        toUserConfig(await userConfig.update(ctx.userId, args.input)),
      update_user: async (_: unknown, args: { user_permission: unknown }, ctx: GraphContext) =>
        toUser(await userConfig.updatePermission(ctx.userId, args.user_permission)),
    },
  };
}
