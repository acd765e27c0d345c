// libturbojpeg against libavcodec's MJPEG encoder on the same I420 frames (the README's encoder table).
// cc -O2 Tests/Bench/jpeg_encoders.c -o /tmp/jpeg_encoders $(pkg-config --cflags --libs libturbojpeg libavcodec libavutil)
// /tmp/jpeg_encoders WIDTH HEIGHT FRAMES [QUALITY 75] [QSCALE 5] [tj|av|both]
// Instructions: valgrind --tool=callgrind, then callgrind_annotate --inclusive=yes: tjCompressFromYUVPlanes, avcodec_send_frame.
#include <turbojpeg.h>
#include <libavcodec/avcodec.h>
#include <libavutil/imgutils.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
static double now(void){struct timespec t;clock_gettime(CLOCK_MONOTONIC,&t);return t.tv_sec+t.tv_nsec*1e-9;}
static void fill(unsigned char*y,unsigned char*u,unsigned char*v,int w,int h,int f){
  for(int r=0;r<h;r++)for(int c=0;c<w;c++)y[r*w+c]=(unsigned char)((c*3+r*2+f*5+((c/16+r/16)&1)*60+(rand()&7)));
  for(int r=0;r<h/2;r++)for(int c=0;c<w/2;c++){u[r*w/2+c]=(unsigned char)(110+(c&31));v[r*w/2+c]=(unsigned char)(140-(r&31));}
}
int main(int argc,char**argv){
  int w=atoi(argv[1]),h=atoi(argv[2]),n=atoi(argv[3]); int q=argc>4?atoi(argv[4]):75;
  unsigned char*y=malloc(w*h),*u=malloc(w*h/4),*v=malloc(w*h/4);
  fill(y,u,v,w,h,0);
  double tot=0,bytes=0; const char*mode=argc>6?argv[6]:"both";
  if(strcmp(mode,"av")){
  tjhandle t=tjInitCompress(); unsigned long cap=tjBufSize(w,h,TJSAMP_420); unsigned char*buf=tjAlloc(cap);
  const unsigned char*planes[3]={y,u,v}; int strides[3]={w,w/2,w/2};
  unsigned long size=cap; tot=0; bytes=0;
  for(int i=0;i<n;i++){fill(y,u,v,w,h,i);size=cap;double a=now();
    if(tjCompressFromYUVPlanes(t,planes,w,strides,h,TJSAMP_420,&buf,&size,q,TJFLAG_NOREALLOC|TJFLAG_FASTDCT)){printf("tj err %s\n",tjGetErrorStr());return 1;}
    tot+=now()-a; bytes+=size;}
  printf("turbojpeg %dx%d q%d: %.0f us/frame, %.0f bytes\n",w,h,q,tot/n*1e6,bytes/n);
  }
  if(strcmp(mode,"tj")){
  const AVCodec*c=avcodec_find_encoder_by_name("mjpeg"); AVCodecContext*cx=avcodec_alloc_context3(c);
  cx->width=w;cx->height=h;cx->time_base=(AVRational){1,90000};cx->pix_fmt=AV_PIX_FMT_YUVJ420P;cx->color_range=AVCOL_RANGE_JPEG;
  cx->flags|=AV_CODEC_FLAG_QSCALE; cx->global_quality=(argc>5?atoi(argv[5]):5)*FF_QP2LAMBDA;
  if(avcodec_open2(cx,c,NULL)<0){printf("open fail\n");return 1;}
  AVFrame*fr=av_frame_alloc();fr->format=cx->pix_fmt;fr->width=w;fr->height=h;av_frame_get_buffer(fr,0);
  AVPacket*p=av_packet_alloc(); tot=0;bytes=0;
  for(int i=0;i<n;i++){fill(y,u,v,w,h,i);double a=now();
    av_frame_make_writable(fr);
    for(int r=0;r<h;r++)memcpy(fr->data[0]+r*fr->linesize[0],y+r*w,w);
    for(int r=0;r<h/2;r++){memcpy(fr->data[1]+r*fr->linesize[1],u+r*w/2,w/2);memcpy(fr->data[2]+r*fr->linesize[2],v+r*w/2,w/2);}
    fr->pts=i*3000; avcodec_send_frame(cx,fr); while(avcodec_receive_packet(cx,p)==0){bytes+=p->size;av_packet_unref(p);} tot+=now()-a;}
  printf("avcodec mjpeg %dx%d qscale%d: %.0f us/frame, %.0f bytes\n",w,h,argc>5?atoi(argv[5]):5,tot/n*1e6,bytes/n);
  }
  return 0;}
