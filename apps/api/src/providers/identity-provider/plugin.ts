import type { IncomingMessage } from 'node:http';
import querystring from 'node:querystring';
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import { kickOutbox } from '../../jobs/outbox-dispatch.ts';
import { BAD_TEXT_MESSAGE, containsBadText } from '../../lib/input-guard.ts';
import { requestOrigin } from '../../lib/origin.ts';
import { createIssuer } from './configuration.ts';
import { type IssuerKeys, loadIssuerKeys } from './keys.ts';
import { parseAddress, sendCode, verifyCode } from './one-time-codes.ts';
import { addressPage, codePage, messagePage } from './pages.ts';
import { redeemSignInTicket, TICKET_HINT_PREFIX } from './sign-in-ticket.ts';
import { userinfoHandler } from './userinfo.ts';

export const AUTH_PREFIX = '/auth';

/** The issuer URL for a request: `${PUBLIC_URL or the request's origin}/auth`. */
export function issuerFor(_app: FastifyInstance, request: FastifyRequest): string {
  return `${requestOrigin(request)}${AUTH_PREFIX}`;
}

/** Replaces the forwarded-host headers of a request with the issuer's own host and scheme. */
function forwardAs(headers: Record<string, string | string[] | undefined>, issuer: string) {
  const url = new URL(issuer);
  delete headers.forwarded;
  headers['x-forwarded-host'] = url.host;
  headers['x-forwarded-proto'] = url.protocol.replace(':', '');
}

type Form = { address?: string; code?: string };

const OIDC_BODY_LIMIT = 56 * 1024;
/** Issuers kept per origin when PUBLIC_URL is unset; a flood of made-up Host headers cannot grow it further. */
const MAX_ISSUERS = 16;

/** The body as oidc-provider will read it (form or JSON), for the bad-text check; unparseable stays text. */
function parseForCheck(contentType: string, body: Buffer): unknown {
  const text = body.toString('utf8');
  try {
    if (contentType.includes('application/x-www-form-urlencoded')) return { ...querystring.parse(text) };
    if (contentType.includes('json')) return JSON.parse(text);
  } catch {
    // oidc-provider answers a malformed body itself.
  }
  return text;
}

/** A stand-in for the consumed request: the same head, with the buffered body readable again. */
function replay(raw: IncomingMessage & { originalUrl?: string }, body: Buffer): IncomingMessage {
  return Object.assign(Readable.from([body]), {
    headers: raw.headers,
    rawHeaders: raw.rawHeaders,
    method: raw.method,
    url: raw.url,
    originalUrl: raw.originalUrl,
    httpVersion: raw.httpVersion,
    httpVersionMajor: raw.httpVersionMajor,
    httpVersionMinor: raw.httpVersionMinor,
    socket: raw.socket,
    connection: raw.socket,
    complete: true,
  }) as unknown as IncomingMessage;
}

/**
 * Mounts the embedded identity provider at /auth: oidc-provider's own endpoints (its Koa app, handed the
 * raw request with the /auth prefix stripped), plus the passwordless sign-in pages it sends users to.
 */
export async function mountEmbeddedIssuer(app: FastifyInstance): Promise<IssuerKeys> {
  const keys = await loadIssuerKeys(app.services.db);
  const issuers = new Map<string, Provider>();
  const providerFor = (request: FastifyRequest) => {
    const issuer = issuerFor(app, request);
    let provider = issuers.get(issuer);
    if (!provider) {
      provider = createIssuer(app.services, issuer, keys);
      provider.on('server_error', (_ctx, err) => app.log.error({ err }, 'identity provider error'));
      if (issuers.size >= MAX_ISSUERS) issuers.delete(issuers.keys().next().value as string);
      issuers.set(issuer, provider);
    }
    return provider;
  };
  const { brand } = app.services;
  const devOutbox =
    app.services.env.NODE_ENV !== 'production' && app.services.providers.mail.name === 'sandbox';
  const html = (reply: FastifyReply, body: string, status = 200) =>
    reply.status(status).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(body);

  // oidc-provider reads its own request bodies. Fastify buffers them (oidc-provider's own limit) only to refuse
  // NUL and lone surrogates like every other input (lib/input-guard.ts), then replays the bytes to it.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      '*',
      { parseAs: 'buffer', bodyLimit: OIDC_BODY_LIMIT },
      (request, body, done) => {
        if (containsBadText(parseForCheck(String(request.headers['content-type'] ?? ''), body as Buffer))) {
          done(Object.assign(new Error(BAD_TEXT_MESSAGE), { statusCode: 400 }), undefined);
          return;
        }
        done(null, body);
      },
    );
    const passThrough = (request: FastifyRequest, reply: FastifyReply) => {
      const provider = providerFor(request);
      reply.hijack();
      const raw = request.raw as typeof request.raw & { originalUrl?: string };
      // oidc-provider builds every endpoint from the host and scheme it sees (it trusts forwarded headers:
      // `proxy`). It sees only the issuer's, which follow PUBLIC_URL or a trusted proxy (ADR 127): a client's
      // own X-Forwarded-Host or Forwarded header never reaches it (issue 27 point 8).
      forwardAs(raw.headers, issuerFor(app, request));
      raw.originalUrl = raw.url;
      raw.url = (raw.url ?? '/').slice(AUTH_PREFIX.length) || '/';
      provider.callback()(Buffer.isBuffer(request.body) ? replay(raw, request.body) : raw, reply.raw);
    };
    // Userinfo answers the access tokens this issuer issues (issue 27 §12): see userinfo.ts.
    const userinfo = userinfoHandler(app, keys, (request) => issuerFor(app, request));
    scope.route({
      method: ['GET', 'POST'],
      url: `${AUTH_PREFIX}/me`,
      schema: { hide: true },
      handler: userinfo,
    });
    scope.all(`${AUTH_PREFIX}/*`, { schema: { hide: true } }, passThrough);
  });

  app.get('/auth-assets/logout.js', { schema: { hide: true } }, (_request, reply) =>
    reply.type('text/javascript').send("document.getElementById('confirm-logout')?.click();\n"),
  );

  const details = async (request: FastifyRequest, reply: FastifyReply) => {
    try {
      return await providerFor(request).interactionDetails(request.raw, reply.raw);
    } catch {
      return undefined;
    }
  };
  const expired = (reply: FastifyReply) =>
    html(
      reply,
      messagePage(
        brand,
        'Your sign-in has timed out',
        'Please go back and start signing in again.',
        '<a class="link" href="/sign-in">Start again</a>',
      ),
      400,
    );

  app.get<{ Params: { uid: string } }>(
    `${AUTH_PREFIX}/interaction/:uid`,
    { schema: { hide: true } },
    async (request, reply) => {
      const interaction = await details(request, reply);
      if (!interaction || interaction.uid !== request.params.uid) return expired(reply);
      // Account set-up proved the e-mail with a code moments ago: its one-use ticket signs in at once.
      const hint = String(interaction.params.login_hint ?? '');
      if (interaction.prompt.name === 'login' && hint.startsWith(TICKET_HINT_PREFIX)) {
        const userId = await redeemSignInTicket(app.services, hint.slice(TICKET_HINT_PREFIX.length));
        if (userId) {
          const returnTo = await providerFor(request).interactionResult(
            request.raw,
            reply.raw,
            { login: { accountId: userId, amr: ['otp'] } },
            { mergeWithLastSubmission: false },
          );
          return reply.redirect(returnTo, 303);
        }
      }
      const redirect = String(interaction.params.redirect_uri ?? '');
      const back = redirect.endsWith('/callback') ? `${redirect.slice(0, -'/callback'.length)}/` : undefined;
      return html(reply, addressPage(brand, interaction.uid, back ? { back } : {}));
    },
  );

  app.post<{ Params: { uid: string }; Body: Form }>(
    `${AUTH_PREFIX}/interaction/:uid/send`,
    { schema: { hide: true } },
    async (request, reply) => {
      const interaction = await details(request, reply);
      if (!interaction || interaction.uid !== request.params.uid) return expired(reply);
      const raw = String(request.body?.address ?? '');
      const address = parseAddress(raw);
      if (!address) {
        const error = 'Enter a valid e-mail address or a UK mobile number, like 07700 900123.';
        return html(reply, addressPage(brand, interaction.uid, { error, address: raw }), 400);
      }
      // A person trying things on their own machine (loopback) is not an SMS-pumping botnet.
      const client = /^(127\.|::1$|::ffff:127\.)/.test(request.ip) ? undefined : request.ip;
      const sent = await sendCode(app.services, interaction.uid, address, client);
      // Deliver now, not at the dispatcher's next minute.
      if (sent.ok)
        await kickOutbox(app.services).catch((err) => request.log.warn({ err }, 'outbox kick failed'));
      if (!sent.ok) {
        const error = 'You have asked for too many codes. Please wait 15 minutes and try again.';
        return html(reply, addressPage(brand, interaction.uid, { error, address: raw }), 429);
      }
      return html(
        reply,
        codePage(brand, interaction.uid, { address: address.value, channel: address.channel, devOutbox }),
      );
    },
  );

  app.post<{ Params: { uid: string }; Body: Form }>(
    `${AUTH_PREFIX}/interaction/:uid/verify`,
    { schema: { hide: true } },
    async (request, reply) => {
      const interaction = await details(request, reply);
      if (!interaction || interaction.uid !== request.params.uid) return expired(reply);
      const address = parseAddress(String(request.body?.address ?? ''));
      if (!address) return html(reply, addressPage(brand, interaction.uid), 400);
      const code = String(request.body?.code ?? '').replace(/\s/g, '');
      const page = (error: string, status: number) =>
        html(
          reply,
          codePage(brand, interaction.uid, {
            address: address.value,
            channel: address.channel,
            error,
            devOutbox,
          }),
          status,
        );
      if (!/^\d{6}$/.test(code)) return page('Enter the 6-digit code we sent you.', 400);
      const result = await verifyCode(app.services, interaction.uid, address, code);
      if (!result.ok) {
        if (result.reason === 'TOO_MANY_ATTEMPTS')
          return page('Too many wrong attempts. Ask for a new code and try again.', 429);
        if (result.reason === 'EXPIRED') return page('That code has expired. Ask for a new code.', 400);
        return page("That code isn't right. Check it and try again.", 400);
      }
      const returnTo = await providerFor(request).interactionResult(
        request.raw,
        reply.raw,
        { login: { accountId: result.userId, amr: [address.channel === 'sms' ? 'sms' : 'otp'] } },
        { mergeWithLastSubmission: false },
      );
      return reply.redirect(returnTo, 303);
    },
  );
  return keys;
}
