package waitlab.netty;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.CompositeByteBuf;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.EventLoop;
import java.nio.charset.StandardCharsets;
import java.util.function.Supplier;
import waitlab.server.Work;

/**
 * The Go target's placement rule on Netty: a connection is served on the
 * worker loop the scenario's plan names for the first request it carries.
 * Netty binds a channel to a loop when it accepts it, before any byte is
 * read, so this handler, first in the pipeline, holds the bytes until the
 * request line is in, and when the plan names another loop moves the
 * channel there (deregister from its loop, register on the named one)
 * before anything decodes the request; then it leaves the pipeline. The
 * idle (keep-alive) handler is re-added on the new loop so its timer runs
 * there.
 */
final class Place extends ChannelInboundHandlerAdapter {
    static final String IDLE = "idle";
    private static final int MAX_LINE = 8192;
    private final Work work;
    private final EventLoop[] loops;
    private final Supplier<ChannelHandler> idle;
    private CompositeByteBuf head;

    Place(Work work, EventLoop[] loops, Supplier<ChannelHandler> idle) {
        this.work = work;
        this.loops = loops;
        this.idle = idle;
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        if (!(msg instanceof ByteBuf)) {
            ctx.fireChannelRead(msg);
            return;
        }
        if (head == null) {
            head = ctx.alloc().compositeBuffer();
        }
        head.addComponent(true, (ByteBuf) msg);
        int eol = head.indexOf(head.readerIndex(), head.writerIndex(), (byte) '\n');
        if (eol < 0 && head.readableBytes() < MAX_LINE) {
            return; // the request line is not in yet
        }
        ByteBuf first = head;
        head = null;
        int loop = eol < 0 ? -1 : work.loopOf(first.toString(first.readerIndex(), eol - first.readerIndex(), StandardCharsets.US_ASCII));
        EventLoop to = loop >= 0 && loop < loops.length ? loops[loop] : null;
        Channel ch = ctx.channel();
        if (to == null || to == ch.eventLoop()) {
            pass(ctx, first);
            return;
        }
        ch.config().setAutoRead(false);
        ctx.pipeline().remove(IDLE);
        ctx.deregister().addListener(f -> {
            if (!f.isSuccess()) {
                first.release();
                ch.close();
                return;
            }
            to.register(ch).addListener(g -> { // runs on the new loop
                if (!g.isSuccess()) {
                    first.release();
                    ch.close();
                    return;
                }
                work.moved.increment();
                ctx.pipeline().addFirst(IDLE, idle.get());
                pass(ctx, first);
                ch.config().setAutoRead(true);
            });
        });
    }

    /** Hands the held bytes on to the decoder and leaves the pipeline. */
    private void pass(ChannelHandlerContext ctx, ByteBuf first) {
        ctx.fireChannelRead(first);
        ctx.fireChannelReadComplete();
        ctx.pipeline().remove(this);
    }

    @Override
    public void handlerRemoved(ChannelHandlerContext ctx) {
        if (head != null) { // closed before the request line came
            head.release();
            head = null;
        }
    }
}
