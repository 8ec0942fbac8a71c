-- The local payments provider renews subscriptions on its own clock (providers/payments/
-- local-billing-clock.ts). A card that Stripe's test mode saves but never charges
-- (4000 0000 0000 0341) makes each renewal fail; the subscription remembers it.
alter table local_subscriptions add column charges_fail boolean not null default false;
