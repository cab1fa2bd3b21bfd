/**
 * Scenario files and what every experiment shares: {@link icn.scenarios.Scenario} with its four kinds (broadcast, routing,
 * faults, traffic; they stay in this package because a sealed interface outside a named module may only permit classes of its own
 * package), {@link icn.scenarios.ScenarioReader} and {@link icn.scenarios.Machines}. The experiments live in subpackages:
 * {@code broadcast} (001's broadcasts, flooding, port broadcasts, the broadcasting sequences), {@code routing} (routing sweeps and
 * their reports), {@code faults} (fault runs, fault curves, the killed JVM, 003 Theorem 3.4), {@code claims} (the papers' closed
 * forms and the network reports that set measurements beside them), {@code traffic} (wormhole traffic, issue 13),
 * {@code routing000} (000's Algorithm 1 sweeps), {@code reproduce} ({@code icn reproduce}), {@code graphs} (BFS-based graph
 * measures) and {@code report} (the results directory and the charts, used by every writer).
 */
package icn.scenarios;
