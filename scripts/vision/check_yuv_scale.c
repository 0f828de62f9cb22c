// Compares tbv_yuv_scale with libyuv's ARGBScale(kFilterBilinear) byte for byte: fixed sizes (the
// Task Library's test images) and random ones. Built and run by check_yuv_scale.sh.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "tbv_yuv_scale.h"
int ARGBScale(const uint8_t* src_argb, int src_stride_argb, int src_width, int src_height, uint8_t* dst_argb, int dst_stride_argb, int dst_width, int dst_height, int filtering);
static unsigned long long s=88172645463325252ULL; static unsigned r(void){s^=s<<13;s^=s>>7;s^=s<<17;return (unsigned)s;}
int check(int sw,int sh,int dw,int dh, int verbose){
  int pad=64;
  uint8_t *src=malloc((size_t)sw*sh*4+pad*2); for(int i=0;i<sw*sh*4+pad*2;i++) src[i]=r();
  uint8_t *a=calloc((size_t)dw*dh*4,1), *b=calloc((size_t)dw*dh*4,1);
  ARGBScale(src+pad,sw*4,sw,sh,a,dw*4,dw,dh,2);
  ptrdiff_t ch[4]={0,1,2,3};
  uint8_t *scr=malloc(tbv_yuv_scale_scratch_count(sw,sh,dw));
  tbv_yuv_scale(src+pad,sw*4,4,ch,4,sw,sh,dw,dh,scr,b);
  int bad=0, first=-1; for(int i=0;i<dw*dh*4;i++) if(a[i]!=b[i]){ if(first<0) first=i; bad++;}
  if(bad && verbose) printf("%dx%d->%dx%d: %d differ (first at px %d,%d ch %d: libyuv %d ours %d)\n",sw,sh,dw,dh,bad,(first/4)%dw,(first/4)/dw,first%4,a[first],b[first]);
  free(src);free(a);free(b);free(scr); return bad!=0;
}
int main(int argc,char**argv){
  int fails=0,n=0;
  int fixed[][4]={{1200,600,300,300},{480,325,224,224},{100,100,224,224},{257,257,257,257},{640,480,320,240},{300,300,100,100},{7,5,3,2},{1,1,5,5},{9,3,3,1},{64,64,32,16},{16,64,16,32},{17,17,33,3}};
  for(unsigned k=0;k<sizeof fixed/sizeof fixed[0];k++){n++; fails+=check(fixed[k][0],fixed[k][1],fixed[k][2],fixed[k][3],1);}
  int N=argc>1?atoi(argv[1]):20000;
  for(int k=0;k<N;k++){int m=(k%3==0)?300:40; int sw=1+r()%m,sh=1+r()%m,dw=1+r()%m,dh=1+r()%m; if(k%5==0){dw=sw/(1+r()%4); dh=sh/(1+r()%4); if(!dw)dw=1; if(!dh)dh=1;} n++; fails+=check(sw,sh,dw,dh,fails<15);}
  printf("%d / %d cases differ\n",fails,n); return fails!=0;
}
