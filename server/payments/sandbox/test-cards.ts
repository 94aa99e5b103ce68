/**
 * The sandbox's test cards (README "Payments"): the number decides what the sandbox does with the
 * card. Any other number that passes the card rules is accepted, as a real processor's test mode.
 */
import { cardDigits } from "../../../schemas/card.ts";
import type { SandboxCardBehaviour } from "../../db/schema.ts";

export const TEST_CARDS: Readonly<Record<string, SandboxCardBehaviour>> = {
  /** Visa: registers and charges. */
  "4242424242424242": "succeed",
  /** Visa: declined when registered. */
  "4000000000000002": "decline",
  /** Visa: registers only after a 3-D Secure challenge the member approves. */
  "4000000000003220": "challenge",
  /** Visa: registers, but every charge is declined (billing failures). */
  "4000000000000341": "declineCharges",
};

export function behaviourOfCard(cardNumber: string): SandboxCardBehaviour {
  return TEST_CARDS[cardDigits(cardNumber)] ?? "succeed";
}
