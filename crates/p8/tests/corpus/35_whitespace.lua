-- tabs, blank lines and odd spacing

	x	=	1


  if x  ==  1   then
		print ( x )
  end
y=x+1  z  =  y*2
	
