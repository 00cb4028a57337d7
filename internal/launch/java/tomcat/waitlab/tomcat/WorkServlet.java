package waitlab.tomcat;

import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import waitlab.server.Plan;
import waitlab.server.Work;

/** The request handler on Tomcat's thread (a pool thread, or a virtual thread): the plan's CPU, its blocking call, its waits. */
public final class WorkServlet extends HttpServlet {
    private static final long serialVersionUID = 1L;

    @Override
    protected void service(HttpServletRequest req, HttpServletResponse resp) throws IOException {
        Work w = Main.work;
        String path = req.getRequestURI();
        if (path.equals("/metrics")) {
            resp.setContentType("text/plain; version=0.0.4");
            resp.getOutputStream().write(w.metrics(null).getBytes(StandardCharsets.UTF_8));
            return;
        }
        if (path.equals("/healthz")) {
            // A 1 ms wait the way a request waits, so a warm-up (launch)
            // warms the wait path too; not counted, not drawn.
            Work.sleep(1_000_000L);
            resp.getOutputStream().write("ok\n".getBytes(StandardCharsets.UTF_8));
            return;
        }
        long t0 = System.nanoTime();
        w.requests.increment();
        w.inFlight.incrementAndGet();
        byte[] held = w.hold();
        try {
            Plan p = w.plan(req.getQueryString());
            if (p.status != 200) {
                resp.setStatus(p.status);
                w.done(p, req.getMethod(), path, p.status, t0);
                return;
            }
            w.spin(p.cpuNanos);
            int st = w.block(p) ? w.blockingCalls(p) : 502;
            if (st != 200) {
                resp.setStatus(st);
                w.done(p, req.getMethod(), path, st, t0);
                return;
            }
            if (w.scenario()) {
                resp.setHeader("X-Waitlab-Req", Long.toString(p.index));
                resp.setHeader("X-Waitlab-Class", p.cls);
            }
            byte[] body = w.body().getBytes(StandardCharsets.UTF_8);
            resp.setContentType("text/plain");
            resp.setContentLength(body.length);
            resp.getOutputStream().write(body);
            w.done(p, req.getMethod(), path, 200, t0);
        } finally {
            java.lang.ref.Reference.reachabilityFence(held);
            w.inFlight.decrementAndGet();
        }
    }
}
