import plans from "./plans.json" with { type: "json" };

/** The plan pages' texts (/plans, the purchase screens, the contracts on /mypage). */
export const files = { plans };

export default Object.assign({}, ...Object.values(files)) as Record<string, unknown>;
