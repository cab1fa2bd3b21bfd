package icn.launcher.pool;

import akka.actor.Address;
import akka.actor.typed.ActorRef;
import akka.actor.typed.ActorSystem;
import akka.actor.typed.javadsl.AskPattern;
import akka.actor.typed.receptionist.Receptionist;
import akka.cluster.Member;
import akka.cluster.MemberStatus;
import akka.cluster.typed.Cluster;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import icn.launcher.cluster.ActorSystems;
import icn.launcher.cluster.HostPort;
import icn.node.actor.HostManager;
import icn.protocols.wire.ManagerProtocol;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.stream.StreamSupport;

/**
 * The standing cluster's members as the head sees them: the workers that serve (reachable, with a host manager) and what each says
 * of itself, the members up, those of a host file still missing, and the members listed for {@code GET /v1/cluster}.
 */
final class HeadMembers {

    private final ActorSystem<Void> system;
    private final Duration ask;

    HeadMembers(ActorSystem<Void> system, Duration ask) {
        this.system = system;
        this.ask = ask;
    }

    /** The addresses ({@code host:port}) of the workers that are members, up and reachable. */
    Set<String> upWorkers() {
        Set<String> up = new java.util.HashSet<>();
        Set<Address> unreachable = new java.util.HashSet<>();
        Cluster.get(system).state().getUnreachable().forEach(m -> unreachable.add(m.address()));
        for (Member m : Cluster.get(system).state().getMembers()) {
            if (m.status() == MemberStatus.up() && !unreachable.contains(m.address()) && !m.address().equals(Cluster.get(system).selfMember().address())) {
                up.add(m.address().getHost().orElse("") + ":" + m.address().getPort().orElse(0));
            }
        }
        return up;
    }

    /** "; missing: 10.0.0.3:25521 ..." for the workers of a host file that have not joined. */
    String missing(HostFile hosts) {
        if (hosts == null) {
            return "";
        }
        Set<String> joined = new java.util.HashSet<>();
        for (Member m : Cluster.get(system).state().getMembers()) {
            joined.add(m.address().getHost().orElse("") + ":" + m.address().getPort().orElse(0));
        }
        List<String> absent = hosts.hosts().stream().flatMap(h -> h.workerAddresses().stream()).filter(a -> !joined.contains(a))
                .toList();
        return absent.isEmpty() ? "" : "; missing: " + String.join(", ", absent) + " (each host's log is .icn/logs/ in its emulator directory)";
    }

    long upMembers() {
        return StreamSupport.stream(Cluster.get(system).state().getMembers().spliterator(), false)
                .filter(m -> m.status() == MemberStatus.up()).count();
    }

    /** The workers now, in the order of their addresses, each with what it says of itself (members that do not answer are left out). */
    List<PoolMachines.Worker> workers(boolean collectGarbage) {
        List<ActorRef<ManagerProtocol.Command>> managers = managers();
        List<CompletableFuture<ManagerProtocol.MemberStats>> asked = new ArrayList<>();
        for (ActorRef<ManagerProtocol.Command> m : managers) {
            asked.add(AskPattern.<ManagerProtocol.Command, ManagerProtocol.MemberStats>ask(m,
                    replyTo -> new ManagerProtocol.Inspect(collectGarbage, replyTo), collectGarbage ? ask.multipliedBy(6) : ask,
                    system.scheduler()).toCompletableFuture());
        }
        List<PoolMachines.Worker> answered = new ArrayList<>();
        for (int i = 0; i < managers.size(); i++) {
            try {
                answered.add(new PoolMachines.Worker(managers.get(i), asked.get(i).get()));
            } catch (Exception e) {
                // a member that does not answer is not offered to runs; status lists it as not answering
            }
        }
        return answered;
    }

    List<ActorRef<ManagerProtocol.Command>> managers() {
        try {
            Receptionist.Listing listing = AskPattern.<Receptionist.Command, Receptionist.Listing>ask(system.receptionist(),
                    replyTo -> Receptionist.find(HostManager.KEY, replyTo), ask, system.scheduler()).toCompletableFuture().get();
            Set<Address> unreachable = new java.util.HashSet<>();
            Cluster.get(system).state().getUnreachable().forEach(m -> unreachable.add(m.address()));
            return listing.getServiceInstances(HostManager.KEY).stream()
                    .filter(r -> !unreachable.contains(r.path().address()))
                    .sorted(Comparator.comparing((ActorRef<ManagerProtocol.Command> r) -> r.path().address().getHost().orElse(""))
                            .thenComparing(r -> r.path().address().getPort().orElse(0)))
                    .toList();
        } catch (Exception e) {
            return List.of();
        }
    }

    /** The workers that serve now (reachable, with a host manager), by their cluster addresses, in order. */
    List<String> serving() {
        return managers().stream().map(m -> hostPort(m.path().address()).toString()).toList();
    }

    static HostPort hostPort(Address a) {
        return new HostPort(a.getHost().orElse("?"), a.getPort().orElse(0));
    }

    /** One worker as {@code GET /v1/cluster} lists it. */
    static ObjectNode worker(ManagerProtocol.MemberStats s) {
        ObjectNode m = Submission.JSON.createObjectNode();
        m.put("address", s.member());
        m.put("status", "Up");
        m.put("health", "ok");
        m.put("host", s.hostName());
        m.put("pid", s.pid());
        m.put("cores", s.cores());
        m.put("java", s.java());
        m.put("maxHeapBytes", s.maxHeap());
        m.put("usableHeapBytes", s.usableHeap());
        m.put("usedHeapBytes", s.usedHeap());
        m.put("threads", s.threads());
        m.put("hosts", s.hosts());
        m.put("nodeActors", s.nodeActors());
        m.put("keptNodeActors", s.keptNodeActors());
        m.put("runsServed", s.runsServed());
        m.put("uptimeSeconds", s.uptimeMillis() / 1000);
        return m;
    }

    /**
     * Lists in {@code members} the workers that answered, each with the job that holds it, then every other member that is not the
     * head or a job runner, as unreachable or not answering; the problems found, for the cluster's health.
     */
    List<String> list(List<PoolMachines.Worker> answered, Map<String, String> held, ArrayNode members) {
        Set<String> seen = new java.util.HashSet<>();
        for (PoolMachines.Worker w : answered) {
            seen.add(w.manager().path().address().toString());
            ObjectNode m = worker(w.stats());
            m.put("job", held.get(hostPort(w.manager().path().address()).toString()));
            members.add(m);
        }
        Set<Address> unreachable = new java.util.HashSet<>();
        Cluster.get(system).state().getUnreachable().forEach(m -> unreachable.add(m.address()));
        List<String> problems = new ArrayList<>();
        for (Member m : Cluster.get(system).state().getMembers()) {
            if (m.hasRole("coordinator") || m.hasRole(ActorSystems.JOB_ROLE) || seen.contains(m.address().toString())) {
                continue;
            }
            ObjectNode missing = members.addObject();
            missing.put("address", m.address().toString());
            missing.put("status", m.status().toString());
            String health = unreachable.contains(m.address()) ? "unreachable" : "not answering";
            missing.put("health", health);
            problems.add(m.address() + " " + health);
        }
        if (answered.isEmpty()) {
            problems.add("no worker");
        }
        return problems;
    }
}
