package icn.launcher.pool;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** What of a command line stays with the submitter, what travels to the head, and how its files are pointed at. */
class SubmitArgsTest {

    @Test
    void addressesAreHostPortOrUrls() {
        for (String a : List.of("127.0.0.1:25580", "head.lab:8080", "http://10.0.0.1:25580", "https://icn.example.org", "http://h:1/")) {
            assertTrue(SubmitArgs.looksLikeAddress(a), a);
        }
        for (String a : List.of("default", "my-run.conf", "--topology", "routing", "scc:six", "", "http://")) {
            assertFalse(SubmitArgs.looksLikeAddress(a), a);
        }
    }

    @Test
    void clusterAndOutStayWithTheSubmitter() {
        assertEquals(List.of("run", "my.conf", "--seed", "3"),
                SubmitArgs.withoutClusterAndOut(List.of("run", "--cluster", "my.conf", "--out", "here", "--seed", "3")));
        assertEquals(List.of("broadcast", "--topology", "scc:6"),
                SubmitArgs.withoutClusterAndOut(List.of("broadcast", "--cluster", "127.0.0.1:25580", "--topology", "scc:6", "--out=x")));
        assertEquals(List.of("broadcast", "--topology", "scc:6"),
                SubmitArgs.withoutClusterAndOut(List.of("broadcast", "--cluster=http://h:1", "--topology", "scc:6")));
        assertEquals(List.of("run", "--", "--out", "x"), SubmitArgs.withoutClusterAndOut(List.of("run", "--", "--out", "x")));
    }

    @Test
    void theOutOfACommandLine() {
        assertEquals("results", SubmitArgs.out(List.of("broadcast", "--topology", "scc:6"), "results"));
        assertEquals("mine", SubmitArgs.out(List.of("broadcast", "--out", "mine"), "results"));
        assertEquals("later", SubmitArgs.out(List.of("broadcast", "--out", "mine", "--out=later"), "results"));
    }

    @Test
    void filesArePointedAtWhereTheHeadKeepsThem() {
        List<String> args = new ArrayList<>(List.of("run", "my.conf", "--faults=faults.conf", "--faults", "faults.conf", "--seed", "my.conf2"));
        SubmitArgs.replace(args, "my.conf", "/head/in/0/my.conf");
        SubmitArgs.replace(args, "faults.conf", "/head/in/1/faults.conf");
        assertEquals(List.of("run", "/head/in/0/my.conf", "--faults=/head/in/1/faults.conf", "--faults", "/head/in/1/faults.conf", "--seed",
                "my.conf2"), args);
    }

    /** A network read from a file travels too (issue 36: the head reads no file a submission did not send), in a list as alone. */
    @Test
    void fileNetworksAreNamedAndPointedAtToo() {
        assertEquals(List.of("file:net.txt", "net.txt"), SubmitArgs.named("file:net.txt"));
        assertEquals(List.of("scc:4,file:a b.txt,torus:4,3", "a b.txt"), SubmitArgs.named("--topology=scc:4,file:a b.txt,torus:4,3"));
        assertEquals(List.of("scc:4"), SubmitArgs.named("scc:4"));
        List<String> args = new ArrayList<>(List.of("broadcast", "--topology", "file:net.txt", "--topology=scc:4,file:net.txt,torus:4,3",
                "file:net.txt2"));
        SubmitArgs.replace(args, "net.txt", "/head/in/0/net.txt");
        assertEquals(List.of("broadcast", "--topology", "file:/head/in/0/net.txt", "--topology=scc:4,file:/head/in/0/net.txt,torus:4,3",
                "file:net.txt2"), args);
    }
}
