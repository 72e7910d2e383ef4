import { Hono } from 'hono';
import type { AppContext } from '../context.js';

export function storageApp(_ctx: AppContext): Hono {
  void _ctx;
  return new Hono();
}
