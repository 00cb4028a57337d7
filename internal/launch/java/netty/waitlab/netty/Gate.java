package waitlab.netty;

import io.netty.channel.ChannelDuplexHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelPromise;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.util.ReferenceCountUtil;
import java.util.ArrayDeque;

/**
 * One request of a connection at a time, for the unordered offload
 * executor: any of its threads takes any task, so two pipelined requests
 * of one connection would run at once and could be answered out of order
 * (HTTP/1.1 answers in order). On the channel's loop, in front of the
 * offloaded handler, it passes a request on only once the connection's
 * previous answer has gone out; the next one waits here meanwhile. A
 * connection that sends one request at a time (as waitlab's load does)
 * never waits in it.
 */
final class Gate extends ChannelDuplexHandler {
    private final ArrayDeque<FullHttpRequest> waiting = new ArrayDeque<>();
    private boolean busy;

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        if (!(msg instanceof FullHttpRequest)) {
            ctx.fireChannelRead(msg);
            return;
        }
        if (busy) {
            waiting.add((FullHttpRequest) msg);
            return;
        }
        busy = true;
        ctx.fireChannelRead(msg);
    }

    @Override
    public void write(ChannelHandlerContext ctx, Object msg, ChannelPromise promise) {
        boolean answer = msg instanceof FullHttpResponse;
        ctx.write(msg, promise);
        if (answer) {
            busy = false;
            FullHttpRequest next = waiting.poll();
            if (next != null) {
                busy = true;
                ctx.fireChannelRead(next);
            }
        }
    }

    @Override
    public void handlerRemoved(ChannelHandlerContext ctx) {
        for (FullHttpRequest r; (r = waiting.poll()) != null; ) {
            ReferenceCountUtil.release(r);
        }
    }
}
