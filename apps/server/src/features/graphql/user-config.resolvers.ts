import type { GraphQLResolveInfo } from 'graphql';
import { MAX_DOCUMENT_BYTES } from '../analysis-records';
import type { UserConfigInput } from '../user-config/user-config.service';
import { askedFields, countOf } from './graph-answer';
import type { GraphContext, GraphServices } from './graph-context';
import { toUser, toUserConfig } from './graph-mappers';

/** The settings' stored documents: each is written at most MAX_DOCUMENT_BYTES, and charged so before it is read. */
const DOCUMENTS = ['landmark_list', 'plane_list', 'drawing_config', 'user_analysis_manage'] as const;
const reserveDocuments = (info: GraphQLResolveInfo, ctx: GraphContext): void =>
  ctx.answer.reserve(countOf(askedFields(info, DOCUMENTS)) * MAX_DOCUMENT_BYTES);

/** The caller's settings and user row (features/user-config). */
export function userConfigResolvers({ userConfig }: GraphServices) {
  return {
    Query: {
      user_config: async (_: unknown, _args: unknown, ctx: GraphContext, info: GraphQLResolveInfo) => {
        reserveDocuments(info, ctx);
        const row = await userConfig.get(ctx.userId);
        return row && toUserConfig(row);
      },
      users: async (_: unknown, _args: unknown, ctx: GraphContext) => [toUser(await userConfig.me(ctx.userId))],
    },
    Mutation: {
      update_user_config: async (_: unknown, args: { input: UserConfigInput }, ctx: GraphContext, info: GraphQLResolveInfo) => {
        reserveDocuments(info, ctx);
        return toUserConfig(await userConfig.update(ctx.userId, args.input));
      },
      update_user: async (_: unknown, args: { user_permission: unknown }, ctx: GraphContext) =>
        toUser(await userConfig.updatePermission(ctx.userId, args.user_permission)),
    },
  };
}
