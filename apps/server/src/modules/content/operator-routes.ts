// The operator API for site content (scope content; operator-content.ts): a group's edits and
// the content pages of each locale. Off without OPERATOR_API_TOKEN.
import {
  OperatorContentGroupParams,
  OperatorContentGroupResponse,
  OperatorContentPageList,
  OperatorContentPageParams,
  OperatorContentPageResponse,
  OperatorContentPagesParams,
  PatchOperatorContentGroupBody,
  PutOperatorContentGroupBody,
  PutOperatorContentPageBody,
} from "@casino/contract/operator-content";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { AppContext } from "../../context";
import { operatorApi, operatorErrors } from "../../lib/operator-api";
import {
  deleteOperatorContentPage,
  listOperatorContentPages,
  patchOperatorContentGroup,
  putOperatorContentGroup,
  putOperatorContentPage,
  readOperatorContentGroup,
  readOperatorContentPage,
} from "./operator-content";
import type { SiteContent } from "./site-content";

export async function operatorContentRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  site: SiteContent,
): Promise<void> {
  const operator = operatorApi(app, ctx, "content");
  if (!operator) return;
  const { api, guard, tags } = operator;
  const group = "/api/operator/content/:locale/groups/:group";
  const page = "/api/operator/content/:locale/pages/:kind/:identity";

  api.get(
    group,
    {
      ...guard,
      schema: {
        tags,
        summary: "A content group of a locale: the folder's keys, the edits, and what players get",
        params: OperatorContentGroupParams,
        response: { 200: OperatorContentGroupResponse, ...operatorErrors },
      },
    },
    async ({ params }) => ({
      data: await readOperatorContentGroup(ctx, site, params.locale, params.group),
    }),
  );

  api.put(
    group,
    {
      ...guard,
      schema: {
        tags,
        summary: "Replace a group's edits as a whole ({} drops them); with version, 409 if stale",
        params: OperatorContentGroupParams,
        body: PutOperatorContentGroupBody,
        response: { 200: OperatorContentGroupResponse, ...operatorErrors },
      },
    },
    async ({ params, body }) => ({
      data: await putOperatorContentGroup(ctx, site, params.locale, params.group, body),
    }),
  );

  api.patch(
    group,
    {
      ...guard,
      schema: {
        tags,
        summary: "Set or drop single keys of a group's edits (dotted paths: error.title)",
        params: OperatorContentGroupParams,
        body: PatchOperatorContentGroupBody,
        response: { 200: OperatorContentGroupResponse, ...operatorErrors },
      },
    },
    async ({ params, body }) => ({
      data: await patchOperatorContentGroup(ctx, site, params.locale, params.group, body),
    }),
  );

  api.get(
    "/api/operator/content/:locale/pages/:kind",
    {
      ...guard,
      schema: {
        tags,
        summary: "The pages of a kind in a locale: the folder's and the operator's",
        params: OperatorContentPagesParams,
        response: { 200: OperatorContentPageList, ...operatorErrors },
      },
    },
    async ({ params }) => ({
      data: await listOperatorContentPages(ctx, site, params.locale, params.kind),
    }),
  );

  api.get(
    page,
    {
      ...guard,
      schema: {
        tags,
        summary: "A page: the operator's version, the folder's, and what players get",
        params: OperatorContentPageParams,
        response: { 200: OperatorContentPageResponse, ...operatorErrors },
      },
    },
    async ({ params }) => ({
      data: await readOperatorContentPage(ctx, site, params.locale, params.kind, params.identity),
    }),
  );

  api.put(
    page,
    {
      ...guard,
      schema: {
        tags,
        summary:
          "Write a page (201 when new): it replaces the folder's page of that identity; unpublished, it hides it",
        params: OperatorContentPageParams,
        body: PutOperatorContentPageBody,
        response: {
          200: OperatorContentPageResponse,
          201: OperatorContentPageResponse,
          ...operatorErrors,
        },
      },
    },
    async ({ params, body }, reply) => {
      const { page: data, created } = await putOperatorContentPage(ctx, site, params, body);
      return reply.code(created ? 201 : 200).send({ data });
    },
  );

  api.delete(
    page,
    {
      ...guard,
      schema: {
        tags,
        summary:
          "Delete the operator's page; the folder's page of that identity (if any) shows again",
        params: OperatorContentPageParams,
        response: { 204: z.null(), ...operatorErrors },
      },
    },
    async ({ params }, reply) => {
      await deleteOperatorContentPage(ctx, site, params);
      return reply.code(204).send(null);
    },
  );
}
