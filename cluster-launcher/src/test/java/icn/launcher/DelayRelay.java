package icn.launcher;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * A TCP relay on loopback that delays every byte by a fixed time in each direction, in the manner of toxiproxy's latency toxic: it
 * listens on one port and forwards each connection to another, the bytes of each direction kept in order and let through
 * {@code delay} after they arrived. Standing in for the network between hosts on a kernel without netem: a member's canonical
 * address is the relay's port, its bind address the member's own.
 */
final class DelayRelay implements AutoCloseable {

    private record Chunk(long due, byte[] bytes) {
    }

    private final ServerSocket server;
    private final int target;
    private final long delayNanos;
    private final List<Socket> sockets = java.util.Collections.synchronizedList(new ArrayList<>());
    private final Thread acceptor;

    private DelayRelay(ServerSocket server, int target, Duration delay) {
        this.server = server;
        this.target = target;
        this.delayNanos = delay.toNanos();
        this.acceptor = new Thread(this::accept, "delay-relay-" + server.getLocalPort());
        acceptor.setDaemon(true);
        acceptor.start();
    }

    /** Listens on 127.0.0.1:{@code listen} and forwards to 127.0.0.1:{@code target}, {@code delay} each way. */
    static DelayRelay start(int listen, int target, Duration delay) throws IOException {
        ServerSocket server = new ServerSocket();
        server.setReuseAddress(true);
        server.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), listen));
        return new DelayRelay(server, target, delay);
    }

    private void accept() {
        while (!server.isClosed()) {
            try {
                Socket in = server.accept();
                Socket out = new Socket(InetAddress.getLoopbackAddress(), target);
                in.setTcpNoDelay(true);
                out.setTcpNoDelay(true);
                sockets.add(in);
                sockets.add(out);
                pump(in, out);
                pump(out, in);
            } catch (IOException e) {
                // closed, or the target is not listening (yet): the connecting side retries
            }
        }
    }

    /** Copies {@code from} to {@code to}: one thread reads and stamps, one writes when each chunk is due. */
    private void pump(Socket from, Socket to) {
        LinkedBlockingQueue<Chunk> queue = new LinkedBlockingQueue<>();
        Thread reader = new Thread(() -> {
            byte[] buffer = new byte[64 * 1024];
            try (InputStream in = from.getInputStream()) {
                for (int n; (n = in.read(buffer)) > 0;) {
                    queue.put(new Chunk(System.nanoTime() + delayNanos, java.util.Arrays.copyOf(buffer, n)));
                }
            } catch (IOException | InterruptedException e) {
                // the connection ended
            }
            queue.add(new Chunk(0, new byte[0]));
        }, "delay-relay-read");
        Thread writer = new Thread(() -> {
            try (OutputStream out = to.getOutputStream()) {
                while (true) {
                    Chunk c = queue.take();
                    if (c.bytes().length == 0) {
                        break;
                    }
                    long wait = c.due() - System.nanoTime();
                    if (wait > 0) {
                        TimeUnit.NANOSECONDS.sleep(wait);
                    }
                    out.write(c.bytes());
                    out.flush();
                }
            } catch (IOException | InterruptedException e) {
                // the connection ended
            }
            close(from);
            close(to);
        }, "delay-relay-write");
        reader.setDaemon(true);
        writer.setDaemon(true);
        reader.start();
        writer.start();
    }

    private static void close(Socket s) {
        try {
            s.close();
        } catch (IOException e) {
            // closing
        }
    }

    @Override
    public void close() throws IOException {
        server.close();
        synchronized (sockets) {
            sockets.forEach(DelayRelay::close);
        }
    }
}
