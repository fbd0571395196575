/**
 * The Stripe stand-in as a process, for the Stripe-mode browser tests (decision 049): started by
 * scripts/e2e-server.sh when E2E_STRIPE_PORT is set, it listens on that port, serves the API the
 * server calls (STRIPE_API_BASE points here) and plays Checkout's hosted page for the browser,
 * delivering its signed events to the server's webhook (E2E_STRIPE_WEBHOOK_URL, signed with
 * STRIPE_WEBHOOK_SECRET). Runs until killed.
 */
import { startStripeStandIn } from '../setup/stripe-stand-in';

const port = Number(process.env.E2E_STRIPE_PORT);
const url = process.env.E2E_STRIPE_WEBHOOK_URL;
const secret = process.env.STRIPE_WEBHOOK_SECRET;
if (!port || !url || !secret) throw new Error('E2E_STRIPE_PORT, E2E_STRIPE_WEBHOOK_URL and STRIPE_WEBHOOK_SECRET are required');
const standIn = await startStripeStandIn({ port, webhook: { url, secret } });
process.stdout.write(`Stripe stand-in on ${standIn.url}\n`);
const stop = () => void standIn.close().finally(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
