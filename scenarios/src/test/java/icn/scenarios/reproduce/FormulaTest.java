package icn.scenarios.reproduce;

import icn.scenarios.printed.Printed;
import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class FormulaTest {

    @Test
    void table41sFormulasEvaluate() {
        for (int n = 3; n <= 8; n++) {
            assertEquals(n * Math.pow(2, n) + n * (n - 1) / 2.0 * Math.pow(2, n), Formula.eval("n*2^n + n*(n-1)/2*2^n", n), 1e-9);
            assertEquals(3 * n * Math.pow(2, n - 1), Formula.eval("3*n*2^(n-1)", n), 1e-9);
            assertEquals(Math.floor(3 * n / 2.0), Formula.eval("floor(3*n/2)", n), 1e-9);
            assertEquals(n == 3 ? 6 : 2 * n + n / 2 - 2, Formula.eval("n == 3 ? 6 : 2*n + floor(n/2) - 2", n), 1e-9);
        }
    }

    @Test
    void everyPrintedFormulaOf003Evaluates() {
        Printed.Paper p = Printed.RESOURCES.paper("003");
        for (var graph : p.formulas().entrySet()) {
            for (var f : graph.getValue().entrySet()) {
                if (!f.getValue().get(1).isEmpty()) {
                    double v = Formula.eval(f.getValue().get(1), 4);
                    assertEquals(Math.rint(v), v, 1e-9, graph.getKey() + " " + f.getKey());
                }
            }
        }
    }
}
