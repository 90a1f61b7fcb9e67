// frameworks.ts: one router on Hono and on Express under /api, with options, behind Node servers.
import { createServer } from 'node:http';
import { getRequestListener } from '@hono/node-server';
import express from 'express';
import { Hono } from 'hono';
import { CRUDCollection, type LoggableError } from 'ormcrud';
import { DrizzleAdapter } from 'ormcrud/drizzle';
import { notFoundHandler as expressNotFound, problemErrorHandler, toExpress } from 'ormcrud/express';
import { notFoundHandler as honoNotFound, requestErrorHandler, toHono } from 'ormcrud/hono';
import { clientErrorHandler } from 'ormcrud/node';
import { openDatabase } from './db.ts';
import * as schema from './schema.ts';

const db = await openDatabase();
const categories = new CRUDCollection({ ormAdapter: new DrizzleAdapter({ db, model: schema.category }) });
const router = categories.getRouter({ prefix: '/categories', tags: ['categories'] });

// Bodies up to 64 KiB (default 1 MiB); errors that are no HttpError go to your logger, values redacted.
const options = { bodyLimit: 64 * 1024, log: (error: LoggableError) => console.error('api error', error) };

export const hono = new Hono();
hono.route('/api', toHono(router, options));
hono.notFound(honoNotFound(options));

export const app = express();
app.use('/api', toExpress(router, options));
app.use(expressNotFound(options));
// Last: errors raised before the routers (an `express.json()`'s, another middleware's) as problems too.
app.use(problemErrorHandler(options));

// On Node, what the HTTP parser refuses (a URL or headers too large, bytes that are not HTTP) is a problem too,
// and on Hono a request line @hono/node-server makes no Request of (`/categories\1`).
const honoListener = getRequestListener(hono.fetch, { errorHandler: requestErrorHandler(options) });
export const honoServer = createServer(honoListener).on('clientError', clientErrorHandler);
export const expressServer = createServer(app).on('clientError', clientErrorHandler);
