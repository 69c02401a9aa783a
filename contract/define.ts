import type { FieldKey } from './messages/index';
import { z } from 'zod';

export type HttpMethod = 'GET' | 'POST';

/** Access of an endpoint, enforced where the server binds it (never per handler). */
export type EndpointAuth = false | true | 'staff' | 'admin';

/** Roles of an account. Staff are `support` and `admin`; only `admin` changes products or balances. */
export const USER_ROLES = ['user', 'support', 'admin'] as const;
export type UserRole = (typeof USER_ROLES)[number];

/**
 * One API endpoint: the single definition both the server (validation, OpenAPI, response check)
 * and the client (typed call) are built from. `request` describes the query (GET) or body (POST)
 * without `lang`, which every request may carry. `response` describes the envelope's `message`.
 */
export interface Endpoint<Req extends z.ZodType = z.ZodType, Res extends z.ZodType = z.ZodType> {
  method: HttpMethod;
  /** Path under /api, starting with a slash, exactly as SPEC.md section 7 names it. */
  path: string;
  /**
   * Who may call it: `false` anyone, `true` a signed-in user (a missing or bad session answers
   * type 999), `'staff'` a signed-in user with the support or admin role (reviews that move no
   * money, customer service, moderation), `'admin'` the admin role only (products, balances,
   * roles). Anyone else signed in gets 403.
   */
  auth: EndpointAuth;
  summary: string;
  tags: string[];
  request: Req;
  response: Res;
  /**
   * The label a request field's errors name it by, where its SPEC.md wire name means something
   * else on this endpoint (the NFT routes' `code` is an artwork, not a verification code).
   */
  fieldLabels?: Partial<Record<string, FieldKey>>;
}

export function endpoint<Req extends z.ZodType, Res extends z.ZodType>(e: Endpoint<Req, Res>): Endpoint<Req, Res> {
  return e;
}

export type RequestOf<E extends Endpoint> = z.input<E['request']>;
export type ParsedRequestOf<E extends Endpoint> = z.output<E['request']>;
export type ResponseOf<E extends Endpoint> = z.output<E['response']>;
