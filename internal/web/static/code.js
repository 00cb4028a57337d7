// Code for each server model, written for the waitlab lab. Identifiers are
// code; the comments are sentences, in the page's language, from the
// catalog ("web.cc." entries): c(name, ...args).
"use strict";
// Each is a function of the settings (k.threads, k.offload, k.calls,
// k.fanoutPool) and of c, the comment in the page's language: the code
// follows the form.
window.WAITLAB_CODE = {
  go: {
    pool: (k, c) => `// ${c("pool.head")}
sem := make(chan struct{}, ${k.threads}) // ${c("pool.sem", k.threads)}
http.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
	sem <- struct{}{}        // ${c("pool.queue")}
	defer func() { <-sem }()
	runtime.LockOSThread()   // ${c("pool.lock")}
	defer runtime.UnlockOSThread()
	row := db.QueryRow("SELECT ...") // ${c("pool.hold")}
	fmt.Fprintln(w, row)
})`,
    loop: (k, c) => `// ${c("loop.head", k.threads)}
for {
	n, _ := unix.EpollWait(epfd, events, -1)
	for _, ev := range events[:n] {
		c := conns[ev.Fd]
		c.onReady()  // ${c("loop.ready")}
		// ${c("loop.noblock")}
	}
}`,
    offload: (k, c) => `// ${c("offload.head")}
jobs := make(chan func(), 1024)
for i := 0; i < ${k.offload}; i++ { // K = ${k.offload}
	go func() {
		runtime.LockOSThread()
		for job := range jobs { job() }
	}()
}
// ${c("offload.onloop")}
jobs <- func() {
	row := db.QueryRow("SELECT ...") // ${c("offload.worker")}
	loop.post(func() { c.reply(row) }) // ${c("offload.back")}
}`,
    virtual: (k, c) => `// ${c("virtual.head")}
// ${c("virtual.nethttp")}
http.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
	resp, err := client.Get(downstream) // ${c("virtual.park")}
	if err != nil {
		http.Error(w, err.Error(), 502)
		return
	}
	defer resp.Body.Close()
	io.Copy(w, resp.Body)
})
// ${c("virtual.procs", k.threads)}`,
  },
  mvc: (k, c) => `// ${c("mvc.head")}
// application.properties: server.tomcat.threads.max=${k.threads}
// ${c("mvc.default")}
@RestController
class OrderController {
    private final JdbcTemplate jdbc;

    OrderController(JdbcTemplate jdbc) { this.jdbc = jdbc; }

    @GetMapping("/orders/{id}")
    Order order(@PathVariable long id) {
        // ${c("mvc.hold")}
        return jdbc.queryForObject("SELECT * FROM orders WHERE id = ?",
                ORDER_MAPPER, id);
    }
}`,
  webflux: {
    loop: (k, c) => `// ${c("webflux.head", k.threads)}
// application.properties: reactor.netty.ioWorkerCount=${k.threads}
@GetMapping("/orders/{id}")
Mono<Order> order(@PathVariable long id) {
    // ${c("webflux.register")}
    return webClient.get().uri("/orders/{id}", id)
            .retrieve()
            .bodyToMono(Order.class);
}`,
    blocking: (k, c) => `// ${c("webflux.blocking.head", k.threads)}
// reactor.netty.ioWorkerCount=${k.threads}
@GetMapping("/orders/{id}")
Mono<Order> order(@PathVariable long id) {
    // ${c("webflux.blocking.stall")}
    Order o = jdbc.queryForObject(SQL, ORDER_MAPPER, id);
    return Mono.just(o);
}`,
    offload: (k, c) => `// ${c("webflux.offload.head", k.offload)}
// reactor.netty.ioWorkerCount=${k.threads}
static final Scheduler JDBC = Schedulers.newBoundedElastic(${k.offload}, 10_000, "jdbc");

@GetMapping("/orders/{id}")
Mono<Order> order(@PathVariable long id) {
    return Mono.fromCallable(() -> jdbc.queryForObject(SQL, ORDER_MAPPER, id))
            // ${c("webflux.offload.runs", k.offload)}
            .subscribeOn(JDBC);
}`,
  },
  vt: (k, c) => `// ${c("vt.head")}
// Spring Boot 3.2+: spring.threads.virtual.enabled=true
// -Djdk.virtualThreadScheduler.parallelism=${k.threads}
@GetMapping("/orders/{id}")
Order order(@PathVariable long id) {
    // ${c("vt.unmount")}
    return jdbc.queryForObject(SQL, ORDER_MAPPER, id);
}

// ${c("vt.pinned")}
synchronized Connection validated() {
    conn.ping(); // ${c("vt.ping")}
    return conn;
}

// ${c("vt.plain")}
try (var exec = Executors.newVirtualThreadPerTaskExecutor()) {
    exec.submit(() -> handle(request));
}`,
  fanout: {
    sequential: (k, c) => `// ${c("fanout.seq.head", k.calls)}
Order order(long id) {
    List<Part> parts = new ArrayList<>();
    for (int i = 0; i < ${k.calls}; i++) {
        parts.add(client.part(id, i)); // ${c("fanout.seq.each")}
    }
    return Order.of(parts);
}

// Go
for i := 0; i < ${k.calls}; i++ {
	parts[i] = client.Part(ctx, id, i)
}`,
    parallel: (k, c) => `// ${c("fanout.par.head", k.calls)}
Order order(long id) throws Exception {
    try (var scope = Executors.newVirtualThreadPerTaskExecutor()${k.fanoutPool ? " /* " + c("fanout.par.pool", k.fanoutPool) + " */" : ""}) {
        List<Future<Part>> fs = new ArrayList<>();
        for (int i = 0; i < ${k.calls}; i++) {
            int n = i;
            fs.add(scope.submit(() -> client.part(id, n)));
        }
        List<Part> parts = new ArrayList<>();
        for (var f : fs) parts.add(f.get());
        return Order.of(parts);
    }
}

// Go
g, ctx := errgroup.WithContext(ctx)${k.fanoutPool ? "\ng.SetLimit(" + k.fanoutPool + ") // " + c("fanout.par.pool", k.fanoutPool) : ""}
for i := 0; i < ${k.calls}; i++ {
	g.Go(func() error { parts[i] = client.Part(ctx, id, i); return nil })
}
g.Wait()`,
    pipelined: (k, c) => `// ${c("fanout.pipe.head", k.calls)}
// ${c("fanout.pipe.redis")}
RedisAsyncCommands<String, String> async = conn.async();
async.setAutoFlushCommands(false);
List<RedisFuture<String>> fs = new ArrayList<>();
for (int i = 0; i < ${k.calls}; i++) fs.add(async.get("part:" + id + ":" + i));
async.flushCommands();            // ${c("fanout.pipe.flush")}
LettuceFutures.awaitAll(Duration.ofSeconds(1), fs.toArray(new RedisFuture[0]));

// Go, go-redis
pipe := rdb.Pipeline()
for i := 0; i < ${k.calls}; i++ { pipe.Get(ctx, fmt.Sprintf("part:%d:%d", id, i)) }
pipe.Exec(ctx)`,
  },
};
