/** What the console's calls use besides the kit. */
import type { ConfigurationsInForce } from "../store/config-in-force.ts";

export interface ConsoleApiDeps {
  /**
   * Puts a publication in force in this process at once (other processes follow within seconds);
   * absent where the configurations are fixed (most tests, the gallery).
   */
  configurations?: ConfigurationsInForce;
}
