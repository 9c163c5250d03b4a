-- every compound assignment
a=100 s="s"
a+=1 a-=2 a*=3 a/=4
a\=2 a%=7 a^=2
a^^=3 a&=0xff a|=1
a<<=1 a>>=1 a>>>=1
a<<>=3 a>><=3
s..="t"
t={n=1} t.n+=1 t["n"]*=2
print(a,s,t.n)
