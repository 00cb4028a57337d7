// Code for each server model, written for the waitlab lab. Identifiers and
// comments are code; the sentences around them come from the catalog.
"use strict";
// Each is a function of the settings (k.threads, k.offload, k.calls,
// k.fanoutPool): the code follows the form.
window.WAITLAB_CODE = {
  go: {
    pool: (k) => `// pool: N threads, each request holds one through its wait.
sem := make(chan struct{}, ${k.threads}) // ${k.threads} "threads"
http.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
	sem <- struct{}{}        // queue for a free thread
	defer func() { <-sem }()
	runtime.LockOSThread()   // a real OS thread, as in Tomcat
	defer runtime.UnlockOSThread()
	row := db.QueryRow("SELECT ...") // the wait holds the thread
	fmt.Fprintln(w, row)
})`,
    loop: (k) => `// loop: ${k.threads} goroutines each own a loop; waits are registered, never made.
for {
	n, _ := unix.EpollWait(epfd, events, -1)
	for _, ev := range events[:n] {
		c := conns[ev.Fd]
		c.onReady()  // run the continuation: CPU only
		// c.onReady must not block: a blocking call here
		// stalls every connection bound to this loop.
	}
}`,
    offload: (k) => `// offload: the loop hands blocking calls to K workers.
jobs := make(chan func(), 1024)
for i := 0; i < ${k.offload}; i++ { // K = ${k.offload}
	go func() {
		runtime.LockOSThread()
		for job := range jobs { job() }
	}()
}
// on the loop:
jobs <- func() {
	row := db.QueryRow("SELECT ...") // blocks a worker, not the loop
	loop.post(func() { c.reply(row) }) // continue on the loop
}`,
    virtual: (k) => `// virtual: a goroutine per request, GOMAXPROCS carriers.
// net/http already starts one goroutine per connection.
http.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
	resp, err := client.Get(downstream) // parks the goroutine,
	if err != nil {                     // frees its carrier
		http.Error(w, err.Error(), 502)
		return
	}
	defer resp.Body.Close()
	io.Copy(w, resp.Body)
})
// go run with GOMAXPROCS=${k.threads}: ${k.threads} carriers.`,
  },
  mvc: (k) => `// Spring MVC: thread per request.
// application.properties: server.tomcat.threads.max=${k.threads}
@RestController
class OrderController {
    private final JdbcTemplate jdbc;

    OrderController(JdbcTemplate jdbc) { this.jdbc = jdbc; }

    @GetMapping("/orders/{id}")
    Order order(@PathVariable long id) {
        // Holds this Tomcat thread for the whole query.
        return jdbc.queryForObject("SELECT * FROM orders WHERE id = ?",
                ORDER_MAPPER, id);
    }
}`,
  webflux: {
    loop: (k) => `// Spring WebFlux: non-blocking all the way down, on ${k.threads} event loops:
// application.properties: reactor.netty.ioWorkerCount=${k.threads}
@GetMapping("/orders/{id}")
Mono<Order> order(@PathVariable long id) {
    // Registers the call and frees the event loop at once;
    // the response continues on the same loop.
    return webClient.get().uri("/orders/{id}", id)
            .retrieve()
            .bodyToMono(Order.class);
}`,
    blocking: (k) => `// Spring WebFlux with a blocking call on the loop (don't),
// on ${k.threads} event loops (reactor.netty.ioWorkerCount=${k.threads}).
@GetMapping("/orders/{id}")
Mono<Order> order(@PathVariable long id) {
    // JdbcTemplate blocks: this event loop, and every request
    // bound to it, stands still for the whole query.
    Order o = jdbc.queryForObject(SQL, ORDER_MAPPER, id);
    return Mono.just(o);
}`,
    offload: (k) => `// Spring WebFlux offloading a blocking call to a pool of ${k.offload},
// the loops: reactor.netty.ioWorkerCount=${k.threads}
static final Scheduler JDBC = Schedulers.newBoundedElastic(${k.offload}, 10_000, "jdbc");

@GetMapping("/orders/{id}")
Mono<Order> order(@PathVariable long id) {
    return Mono.fromCallable(() -> jdbc.queryForObject(SQL, ORDER_MAPPER, id))
            // runs on the ${k.offload} threads of JDBC; the loop stays free,
            // and the pool's size caps this call's throughput
            .subscribeOn(JDBC);
}`,
  },
  vt: (k) => `// Virtual threads (Java 21+): blocking code, non-blocking cost.
// Spring Boot 3.2+: spring.threads.virtual.enabled=true
// ${k.threads} carriers: -Djdk.virtualThreadScheduler.parallelism=${k.threads}
@GetMapping("/orders/{id}")
Order order(@PathVariable long id) {
    // Unmounts from its carrier while the query waits...
    return jdbc.queryForObject(SQL, ORDER_MAPPER, id);
}

// ...unless the wait is inside synchronized (JDK 21-23): pinned.
synchronized Connection validated() {
    conn.ping(); // holds the carrier for the round trip
    return conn;
}

// Without Spring:
try (var exec = Executors.newVirtualThreadPerTaskExecutor()) {
    exec.submit(() -> handle(request));
}`,
  fanout: {
    sequential: (k) => `// ${k.calls} downstream calls, one after another: the waits add up.
Order order(long id) {
    List<Part> parts = new ArrayList<>();
    for (int i = 0; i < ${k.calls}; i++) {
        parts.add(client.part(id, i)); // each call waits its whole round trip
    }
    return Order.of(parts);
}

// Go
for i := 0; i < ${k.calls}; i++ {
	parts[i] = client.Part(ctx, id, i)
}`,
    parallel: (k) => `// ${k.calls} downstream calls at once: as long as the slowest one.
Order order(long id) throws Exception {
    try (var scope = Executors.newVirtualThreadPerTaskExecutor()${k.fanoutPool ? " /* or a pool of " + k.fanoutPool + " */" : ""}) {
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
g, ctx := errgroup.WithContext(ctx)${k.fanoutPool ? "\ng.SetLimit(" + k.fanoutPool + ") // a fan-out pool of " + k.fanoutPool : ""}
for i := 0; i < ${k.calls}; i++ {
	g.Go(func() error { parts[i] = client.Part(ctx, id, i); return nil })
}
g.Wait()`,
    pipelined: (k) => `// ${k.calls} downstream calls in one round trip (pipelined).
// Redis with Lettuce: send them all, then read the answers.
RedisAsyncCommands<String, String> async = conn.async();
async.setAutoFlushCommands(false);
List<RedisFuture<String>> fs = new ArrayList<>();
for (int i = 0; i < ${k.calls}; i++) fs.add(async.get("part:" + id + ":" + i));
async.flushCommands();            // one write, one round trip
LettuceFutures.awaitAll(Duration.ofSeconds(1), fs.toArray(new RedisFuture[0]));

// Go, go-redis
pipe := rdb.Pipeline()
for i := 0; i < ${k.calls}; i++ { pipe.Get(ctx, fmt.Sprintf("part:%d:%d", id, i)) }
pipe.Exec(ctx)`,
  },
};
